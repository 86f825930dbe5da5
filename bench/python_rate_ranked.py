#!/usr/bin/env python3
"""CPU time of ratekit.rate() on a large frame of team matches or of ranked events (standings), from the call to
Result.ratings in hand.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_rate_ranked.py --layout teams --rows 1000000

One call per process, so the process's CPU time (every thread's) is the call's own. Random rows, seeded:

  teams      team-csv's columns: matches of two teams of five among 20,000 players (trueskill)
  standings  standings-csv's columns: events of 50 players among 20,000 players, each ranked (codeforces)

The same script measures any build of the module: PYTHONPATH names the one measured.
"""

import argparse
import sys
import time

import numpy as np
import pandas as pd

import ratekit


def team_matches(rows, players, rng):
    matches = rows // 10
    pool = 20  # a match's ten drawn from one of players // 20 pools: players meet again
    picked = np.argsort(rng.random((matches, pool)), axis=1)[:, :10] + rng.integers(0, players // pool, matches)[:, None] * pool
    day = np.datetime64("2020-01-01") + (np.arange(matches) * 3650 // matches).astype("timedelta64[D]")
    winner = rng.integers(0, 2, matches)
    team = np.tile(np.repeat(np.array(["red", "blue"], dtype=object), 5), matches)
    rank = np.where(np.tile(np.repeat([0, 1], 5), matches) == np.repeat(winner, 10), 1, 2)
    return pd.DataFrame({"match": np.repeat([f"M{m}" for m in range(matches)], 10),
                         "date": np.repeat(day.astype(str).astype(object), 10), "team": team,
                         "player": np.array([f"P{p}" for p in range(players)], dtype=object)[picked.ravel()],
                         "rank": rank})


def standings(rows, players, rng):
    events, size = rows // 50, 50
    pool = 100  # an event's fifty drawn from one of players // 100 pools
    picked = np.argsort(rng.random((events, pool)), axis=1)[:, :size] + rng.integers(0, players // pool, events)[:, None] * pool
    day = np.datetime64("2020-01-01") + (np.arange(events) * 3650 // events).astype("timedelta64[D]")
    return pd.DataFrame({"event": np.repeat([f"E{e}" for e in range(events)], size),
                         "date": np.repeat(day.astype(str).astype(object), size),
                         "player": np.array([f"P{p}" for p in range(players)], dtype=object)[picked.ravel()],
                         "rank": np.tile(np.arange(1, size + 1), events)})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layout", choices=("teams", "standings"), default="teams")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=20_000)
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    if args.layout == "teams":
        frame, model = team_matches(args.rows, args.players, rng), "trueskill"
    else:
        frame, model = standings(args.rows, args.players, rng), "codeforces"
    cpu, wall = time.process_time(), time.perf_counter()
    players = len(ratekit.rate(frame, model, period="event").ratings)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{args.layout}: {len(frame)} rows, {players} players rated: CPU {cpu:.2f} s, wall {wall:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
