#!/usr/bin/env python3
"""Result.history from memory against history.csv written and read back (what the package did before).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_history.py [--games 2000000] [--runs 3]

Both run the same config (fide-logistic, K 20, history on) on N games among 100,000 players from one CSV:
once with out= a folder, so history.csv is written and Result.history reads it back with pandas, once without,
so its rows stay in memory and Result.history is built from them. Prints the median wall time of each, from
the call to the DataFrame in hand, and their ratio.
"""

import argparse
import pathlib
import statistics
import sys
import tempfile
import time

import pandas as pd

import ratekit

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from python_rate import games  # noqa: E402  the same random games


def timed(config, out):
    start = time.perf_counter()
    rows = len(ratekit.run(config, out=out).history)
    return time.perf_counter() - start, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    frame = games(args.games, args.players)
    with tempfile.TemporaryDirectory() as folder:
        csv = pathlib.Path(folder) / "games.csv"
        frame.assign(date=frame["date"].dt.strftime("%Y-%m-%d")).to_csv(csv, index=False)
        del frame
        config = {"competition": "bench", "model": "fide-logistic", "k_schedule": [{"k": 20}],
                  "input": {"format": "games-csv", "path": str(csv)}, "output": {"history": True}}
        on_file, in_memory = [], []
        for run in range(args.runs):
            seconds, rows = timed(config, pathlib.Path(folder) / f"out{run}")
            on_file.append(seconds)
            seconds, rows = timed(config, None)
            in_memory.append(seconds)
    f, m = statistics.median(on_file), statistics.median(in_memory)
    print(f"{args.games} games, {rows} history rows: history.csv written and read back {f:.2f} s, "
          f"from memory {m:.2f} s (ratio {m / f:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
