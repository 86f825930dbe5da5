"""Seeded synthetic duel histories for the whr plugin's oracle fixture
(whr_reference.py) and its benchmark (bench/whr.sh).

A history has `players` players with hidden skills drifting as random walks,
over `years` years of days. The calendar is cut into seasons of about four
months; each player sits out about a third of them, so his games have gaps of
months. Each game picks a day, two distinct players active in its season, an
advantage for the first-named (white, home) player of 0, 35 or 70 Elo, and an
outcome: a draw with probability 0.2, else a Bradley-Terry win on the hidden
skills and the advantage.

CSV columns (one row per game, in time order): day,a,b,score,advantage, where
`day` counts days from the start, a and b are player ids (integers from 0),
`score` is a's (1, 0.5, 0) and `advantage` a's Elo.
"""
import math
import random

ADVANTAGES = (0.0, 35.0, 70.0)


def generate(seed, players, games, years, draw_rate=0.2):
    rng = random.Random(seed)
    span = int(years * 365)
    season_length = 120
    seasons = max(1, span // season_length)
    active = [[p for p in range(players) if rng.random() < 2 / 3] for _ in range(seasons)]
    for s in range(seasons):  # every season needs two players
        while len(active[s]) < 2:
            active[s].append(rng.randrange(players))
            active[s] = sorted(set(active[s]))
    skill = [rng.gauss(0.0, 200.0) for _ in range(players)]
    days = sorted(rng.randrange(span) for _ in range(games))
    seen = [0] * players
    rows = []
    for day in days:
        pool = active[min(day // season_length, seasons - 1)]
        a, b = rng.sample(pool, 2)
        for p in (a, b):  # the hidden skills drift as the model assumes, 20 Elo^2 a day
            skill[p] += rng.gauss(0.0, math.sqrt(20.0 * (day - seen[p])))
            seen[p] = day
        advantage = rng.choice(ADVANTAGES)
        if rng.random() < draw_rate:
            score = 0.5
        else:
            p = 1.0 / (1.0 + 10.0 ** (-(skill[a] + advantage - skill[b]) / 400.0))
            score = 1.0 if rng.random() < p else 0.0
        rows.append((day, a, b, score, advantage))
    return rows


def write_csv(path, rows):
    with open(path, "w") as f:
        f.write("day,a,b,score,advantage\n")
        for day, a, b, score, advantage in rows:
            f.write(f"{day},{a},{b},{score:g},{advantage:g}\n")


def read_csv(path):
    rows = []
    with open(path) as f:
        next(f)
        for line in f:
            day, a, b, score, advantage = line.strip().split(",")
            rows.append((int(day), int(a), int(b), float(score), float(advantage)))
    return rows
