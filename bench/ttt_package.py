#!/usr/bin/python3
"""The trueskillthroughtime package on a history CSV of bench/ttt_history.py, for bench/ttt.sh:
its construction (the first forward pass) and SWEEPS iterations, with the package's defaults.

    PYTHONPATH=<TrueSkillThroughTime.py checkout> /usr/bin/python3 bench/ttt_package.py history.csv SWEEPS OUT.csv

OUT.csv gets every match's first player's mean and deviation at the end (match,mean,sd), for
bench/ttt.sh to compare with ratekit's.
"""
import csv
import sys
import time

import trueskillthroughtime as ttt


def main():
    path, sweeps, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    composition, results, times = [], [], []
    with open(path) as f:
        rows = list(csv.reader(f))[1:]
    for i in range(0, len(rows), 2):
        a, b = rows[i], rows[i + 1]
        composition.append([[a[3]], [b[3]]])
        results.append([-float(a[4]), -float(b[4])])
        times.append(int(a[1]))
    t0 = time.perf_counter()
    h = ttt.History(composition, results, times)
    t1 = time.perf_counter()
    for _ in range(sweeps):
        h.iteration()
    t2 = time.perf_counter()
    print(f"package: {len(composition)} games, construction {t1 - t0:.2f} s, {sweeps} sweeps {t2 - t1:.2f} s"
          f" ({(t2 - t1) / max(sweeps, 1):.3f} s a sweep)", file=sys.stderr)
    batch_of, b, last = [], -1, None
    for t in times:
        if t != last:
            b, last = b + 1, t
        batch_of.append(b)
    with open(out, "w") as f:
        f.write("match,mean,sd\n")
        for m, (c, bi) in enumerate(zip(composition, batch_of)):
            g = h.batches[bi].posterior(c[0][0])
            f.write(f"{m},{g.mu!r},{g.sigma!r}\n")


if __name__ == "__main__":
    main()
