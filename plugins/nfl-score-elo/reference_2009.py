#!/usr/bin/env python3
"""Independent reference for the book's three 2009 experiments (Langville and Meyer,
"Who's #1?", ch. 5), written straight from the formulas with no ratekit code: the
numbers tests/test_nfl.cpp and README.md quote. Run from the repository root."""
import csv

ROWS = list(csv.DictReader(open('data/nfl/nfl_spreadspoke_2009.csv')))


def expect(d, xi=1000.0):
    return 1.0 / (1.0 + 10.0 ** (-d / xi))


def k_calendar(row):
    return 64 if row['playoff'] == '1' else 16 if int(row['week']) >= 16 else 32


def run(points, k_of, h_foresight, h_hindsight):
    r, foresight, seen = {}, 0, []
    for row in ROWS:
        h, a = row['home_id'], row['away_id']
        ph, pa = int(row['home_score']), int(row['away_score'])
        r.setdefault(h, 0.0)
        r.setdefault(a, 0.0)
        home = 0 if row['neutral'] == '1' else 1
        s = 1.0 if ph > pa else 0.0 if ph < pa else 0.5
        side = r[h] + home * h_foresight
        foresight += (side > r[a] and s == 1) or (side < r[a] and s == 0)
        score = (ph + 1) / (ph + pa + 2) if points else s
        d = k_of(row) * (score - expect(r[h] - r[a]))  # H only predicts
        r[h] += d
        r[a] -= d
        seen.append((h, a, home, s))
    hindsight = sum((r[h] + n * h_hindsight > r[a] and s == 1) or (r[h] + n * h_hindsight < r[a] and s == 0)
                    for h, a, n, s in seen)
    return r, hindsight, foresight


for title, points, k_of, hf, hh in [('(a) win/loss, K 32, H 0 / 15', False, lambda row: 32, 15, 0),
                                     ('(b) points, K 32, H 15 / 15', True, lambda row: 32, 15, 15),
                                     ('(c) points, K 32/16/64, H 0 / 9.5', True, k_calendar, 9.5, 0)]:
    r, hind, fore = run(points, k_of, hf, hh)
    print(f'{title}: hindsight {hind}/267, foresight {fore}/267, sum {sum(r.values()):.1e}')
    ranked = sorted(r.items(), key=lambda kv: -kv[1])
    for i in range(16):
        (t1, v1), (t2, v2) = ranked[i], ranked[i + 16]
        print(f'| {i + 1} | {t1} | {v1:.2f} | {i + 17} | {t2} | {v2:.2f} |')
