#!/usr/bin/python3
"""A synthetic tennis-like history for bench/ttt.sh, as CSV (match,time,team,player,rank,weight:
one row per player, time in days, rank 1 the winner): GAMES duels among PLAYERS players over
YEARS years, each player active for a career of 2 to 15 years, skills drifting, games on
tournament days. Seeded, so both sides of a comparison read the same games.

    bench/ttt_history.py GAMES PLAYERS YEARS > history.csv
    bench/ttt_history.py 447000 19000 50 > atp-size.csv     # the ATP's size
"""
import random
import sys


def main():
    games, players, years = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(48)
    days = years * 365
    start = [rng.randrange(0, max(1, days - 2 * 365)) for _ in range(players)]
    end = [min(days, s + rng.randint(2 * 365, 15 * 365)) for s in start]
    skill = [rng.gauss(0.0, 1.5) for _ in range(players)]
    by_start = sorted(range(players), key=lambda p: start[p])
    out = sys.stdout
    out.write("match,time,team,player,rank,weight\n")
    day, active, k = 0, [], 0
    per_day = games / (days / 7)  # tournaments weekly
    for m in range(games):
        if m >= (day // 7 + 1) * per_day:
            day = min(days - 1, day + 7)
        while k < players and start[by_start[k]] <= day:
            active.append(by_start[k])
            k += 1
        if m % 1000 == 0:
            active = [p for p in active if end[p] > day] or active
        a, b = rng.sample(active, 2) if len(active) > 1 else (by_start[0], by_start[1])
        skill[a] += rng.gauss(0.0, 0.01)
        win = skill[a] + rng.gauss(0.0, 1.0) > skill[b] + rng.gauss(0.0, 1.0)
        out.write(f"{m},{day},0,{a},{1 if win else 2},1\n{m},{day},1,{b},{2 if win else 1},1\n")


if __name__ == "__main__":
    main()
