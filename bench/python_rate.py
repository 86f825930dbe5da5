#!/usr/bin/env python3
"""ratekit.rate on a DataFrame against `ratekit run` on the same games from CSV.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_rate.py [--games 5000000] [--runs 3]

Both rate N games among 100,000 players with fide-logistic (K 20), history off;
the DataFrame holds text names (object), datetime64 dates and float scores, as
pandas.read_csv gives them. Prints the median wall time of each and the ratio,
and rate's time with Result.ratings read too (a DataFrame built on first access).
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd

import ratekit

ROOT = pathlib.Path(__file__).resolve().parents[1]


def games(n, players, seed=7):
    rng = np.random.default_rng(seed)
    names = np.array([f"P{i:06d}" for i in range(players)], dtype=object)
    a = rng.integers(0, players, n)
    b = (a + rng.integers(1, players, n)) % players
    days = np.sort(rng.integers(0, 3650, n))
    return pd.DataFrame({"date": np.datetime64("2010-01-01") + days.astype("timedelta64[D]"),
                         "player_a": names[a], "player_b": names[b],
                         "score_a": rng.choice([0.0, 0.5, 1.0], n)})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cli", default=str(ROOT / "build" / "host" / "ratekit"))
    args = parser.parse_args()
    frame = games(args.games, args.players)
    with tempfile.TemporaryDirectory() as folder:
        csv = pathlib.Path(folder) / "games.csv"
        frame.assign(date=frame["date"].dt.strftime("%Y-%m-%d")).to_csv(csv, index=False)
        config = pathlib.Path(folder) / "bench.yaml"
        config.write_text("competition: bench\nmodel: fide-logistic\nk_schedule: [{k: 20}]\n"
                          f"input: {{format: games-csv, path: {csv}}}\noutput: {{history: false}}\n")
        cli, module, listed = [], [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([args.cli, "-q", "run", str(config), "--out", os.path.join(folder, "cli")], check=True)
            cli.append(time.perf_counter() - start)
            start = time.perf_counter()
            result = ratekit.rate(frame, "fide-logistic", k=20, history=False, competition="bench")
            module.append(time.perf_counter() - start)
            result.ratings  # the ratings list as a DataFrame, read back from ratings.csv
            listed.append(time.perf_counter() - start)
    c, m, r = statistics.median(cli), statistics.median(module), statistics.median(listed)
    print(f"{args.games} games, {args.players} players: ratekit run {c:.3f} s, ratekit.rate {m:.3f} s "
          f"(ratio {m / c:.2f}), with Result.ratings read {r:.3f} s (ratio {r / c:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
