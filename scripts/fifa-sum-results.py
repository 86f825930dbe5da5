#!/usr/bin/env python3
"""Converts martj42/international_results' results.csv and shootouts.csv to the
games CSV that configs/fifa-sum.yaml rates with FIFA's SUM ranking (from 2018).

usage: fifa-sum-results.py results.csv shootouts.csv out.csv [--since D] [--until D]

Columns written: date, player_a (home team), player_b, score_a, points_a,
points_b (goals after extra time), tag, playoff, shootout. The tag is the
source's tournament, with the stage FIFA's importance needs appended:
", quarter-finals on" for a World Cup or confederation final competition's
matches from the quarter-finals, ", play-offs and finals" for a Nations
League's. playoff is 1 in a final competition's knockout rounds. shootout
names the side (a or b) that won a drawn match's penalty shoot-out.
"""
import argparse
import collections
import csv
import datetime
import sys

# Competitions of teams outside FIFA (not "A" internationals): left out.
NON_FIFA = ("CONIFA", "Island Games", "Inter Games", "Muratti Vase")

# Each final competition's knockout matches from 2018, as the last matches of its
# edition (keyed by the year of its first match): (knockout rounds, of which from
# the quarter-finals on). The Africa Cup of 2025 has only group matches up to 2025.
KNOCKOUTS = {
    ("FIFA World Cup", "2018"): (16, 8), ("FIFA World Cup", "2022"): (16, 8),
    ("UEFA Euro", "2021"): (15, 7), ("UEFA Euro", "2024"): (15, 7),
    ("Copa América", "2019"): (8, 8), ("Copa América", "2021"): (8, 8), ("Copa América", "2024"): (8, 8),
    ("African Cup of Nations", "2019"): (16, 8), ("African Cup of Nations", "2022"): (16, 8),
    ("African Cup of Nations", "2024"): (16, 8), ("African Cup of Nations", "2025"): (0, 0),
    ("AFC Asian Cup", "2019"): (15, 7), ("AFC Asian Cup", "2024"): (15, 7),
    ("Gold Cup", "2019"): (7, 7), ("Gold Cup", "2021"): (7, 7), ("Gold Cup", "2023"): (7, 7),
    ("Gold Cup", "2025"): (7, 7),
    ("Oceania Nations Cup", "2024"): (4, 4),
}
# Nations League play-offs and finals: UEFA's months without group matches, and
# CONCACAF's finals months and quarter-final ties (played among group matches).
UEFA_NL_FINAL_MONTHS = {"2019-06", "2021-10", "2022-03", "2023-06", "2024-03", "2025-03", "2025-06"}
CONCACAF_NL_FINAL_MONTHS = {"2021-06", "2023-06", "2024-03", "2025-03"}
CONCACAF_NL_QUARTER_FINALS = {
    "2023-11": [{"Costa Rica", "Panama"}, {"United States", "Trinidad and Tobago"}, {"Honduras", "Mexico"},
                {"Jamaica", "Canada"}],
    "2024-11": [{"Costa Rica", "Panama"}, {"Jamaica", "United States"}, {"Honduras", "Mexico"},
                {"Suriname", "Canada"}],
}


def editions(rows):
    """Row indices of each final competition's edition, by (tournament, year of its first match): an
    edition ends where its tournament has no match for more than 60 days."""
    out, current, last_day = collections.defaultdict(list), {}, {}
    for i, r in enumerate(rows):
        t, day = r["tournament"], datetime.date.fromisoformat(r["date"])
        if not any(t == k[0] for k in KNOCKOUTS):
            continue
        if t not in current or (day - last_day[t]).days > 60:
            current[t] = out[(t, r["date"][:4])]
        current[t].append(i)
        last_day[t] = day
    return out


def stages(rows):
    """Per row: (tag suffix, knockout) for final competitions' knockout rounds."""
    found = {}
    groups = editions(rows)
    for key, (knockout, late) in KNOCKOUTS.items():
        if key not in groups:
            sys.exit(f"no matches of {key[0]} {key[1]} in the source")
        idx = groups[key]
        if knockout and rows[idx[-knockout]]["date"] <= rows[idx[-knockout - 1]]["date"]:
            sys.exit(f"{key[0]} {key[1]}: the knockout rounds do not start after the group matches' last day")
        for n, i in enumerate(idx[len(idx) - knockout:]):
            found[i] = (", quarter-finals on" if n >= knockout - late else "", True)
    return found


def nations_league_final(r):
    month, teams = r["date"][:7], {r["home_team"], r["away_team"]}
    if r["tournament"] == "UEFA Nations League":
        return month in UEFA_NL_FINAL_MONTHS
    if r["tournament"] == "CONCACAF Nations League":
        return month in CONCACAF_NL_FINAL_MONTHS or teams in CONCACAF_NL_QUARTER_FINALS.get(month, [])
    return False


def shootout_winners(path):
    with open(path, newline="", encoding="utf-8") as f:
        return {(r["date"], r["home_team"], r["away_team"]): r["winner"] for r in csv.DictReader(f)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("shootouts")
    ap.add_argument("out")
    ap.add_argument("--since", default="2018-06-14", help="first date kept (the 2018 World Cup's first day)")
    ap.add_argument("--until", default="2025-12-31", help="last date kept")
    args = ap.parse_args()
    with open(args.results, newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if args.since <= r["date"] <= args.until
                and not r["tournament"].startswith(NON_FIFA)]
    winners = shootout_winners(args.shootouts)
    knockout = stages(rows)
    legs_won = 0
    with open(args.out, "w", newline="", encoding="utf-8") as out:
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["date", "player_a", "player_b", "score_a", "points_a", "points_b", "tag", "playoff", "shootout"])
        for i, r in enumerate(rows):
            ga, gb = int(r["home_score"]), int(r["away_score"])
            suffix, ko = knockout.get(i, ("", False))
            if nations_league_final(r):
                suffix = ", play-offs and finals"
            winner = winners.get((r["date"], r["home_team"], r["away_team"]), "")
            if winner and ga != gb:  # a two-legged tie's shoot-out: the leg's own result counts
                winner, legs_won = "", legs_won + 1
            side = "a" if winner == r["home_team"] else "b" if winner == r["away_team"] else ""
            if winner and not side:
                sys.exit(f"{r['date']} {r['home_team']} - {r['away_team']}: shoot-out winner '{winner}' did not play")
            score = "1" if ga > gb else "0" if ga < gb else "0.5"
            w.writerow([r["date"], r["home_team"], r["away_team"], score, ga, gb, r["tournament"] + suffix,
                        int(ko), side])
    print(f"{len(rows)} games written to {args.out}; {legs_won} shoot-outs after a leg with a winner left out")


if __name__ == "__main__":
    main()
