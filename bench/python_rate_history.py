#!/usr/bin/env python3
"""CPU time of ratekit.rate() with history on, from the call to Result.history in hand.

    PYTHONPATH=build/python /usr/bin/python3 bench/python_rate_history.py --games 5000000 --way memory

One way per process, so the process's CPU time (every thread's: the reader's, the engine's, the sink's) is the
way's own. N games among 100,000 players (python_rate.py's random games), fide-logistic, K 20:

  memory  rate(frame, history=True), then Result.history (the rows kept in memory by the run)
  file    the detour rate() took before: the run writes history.csv into a folder (run() with out=, the same
          games written as CSV first, not timed) and Result.history reads it back with pandas
"""

import argparse
import pathlib
import sys
import tempfile
import time

import ratekit

sys.path.append(str(pathlib.Path(__file__).resolve().parent))  # after PYTHONPATH: the ratekit measured is its
from python_rate import games  # noqa: E402  the same random games


def timed(call):
    cpu, wall = time.process_time(), time.perf_counter()
    rows = len(call().history)
    return time.process_time() - cpu, time.perf_counter() - wall, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5_000_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--way", choices=("memory", "file"), default="memory")
    parser.add_argument("--plugin-dir", default=None)
    args = parser.parse_args()
    frame = games(args.games, args.players)
    with tempfile.TemporaryDirectory() as folder:
        if args.way == "memory":
            cpu, wall, rows = timed(lambda: ratekit.rate(frame, "fide-logistic", k=20, history=True,
                                                         plugin_dir=args.plugin_dir))
        else:
            csv = pathlib.Path(folder) / "games.csv"
            frame.assign(date=frame["date"].dt.strftime("%Y-%m-%d")).to_csv(csv, index=False)
            config = {"competition": "bench", "model": "fide-logistic", "k_schedule": [{"k": 20}],
                      "input": {"format": "games-csv", "path": str(csv)}, "output": {"history": True}}
            out = pathlib.Path(folder) / "out"
            cpu, wall, rows = timed(lambda: ratekit.run(config, out=out, plugin_dir=args.plugin_dir))
    print(f"{args.games} games, {rows} history rows, {args.way}: CPU {cpu:.2f} s, wall {wall:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
