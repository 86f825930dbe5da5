#!/usr/bin/python3
"""Writes tests/data/ttt/: seeded random histories and what the trueskillthroughtime
package (Landfried's TrueSkill Through Time, the Python package 1.1.0) estimates on
them, for tests/test_ttt_reference.cpp.

The package is the oracle, run beside ratekit, never copied into it. To fetch it:

    git clone https://github.com/glandfried/TrueSkillThroughTime.py /tmp/ttt-py
    (commit 614e8f7 was used; `pip install trueskillthroughtime==1.1.0` gives the same module)

and run, from the repository's root, with Debian's Python:

    PYTHONPATH=/tmp/ttt-py /usr/bin/python3 tests/reference/ttt_reference.py tests/data/ttt

For each history NAME it writes NAME-matches.csv (match,time,team,player,rank,weight:
one row per player, teams numbered from 0 in each match, rank 1 best, time in
days), NAME-expected.csv (sweeps,entry,mean,sd: the estimate of every 20th entry's
player at his match's time after 0, 1, 2 and 5 of the package's iterations, and
after its convergence, sweeps = -1) and NAME-stages.csv (sweeps,log_evidence,step).
"""
import os
import random
import sys

import trueskillthroughtime as ttt

HISTORIES = {
    # name: seed, matches, players, params, kinds
    # duels only, the package's defaults but a faster drift (gamma 0.1: 156 sweeps to converge,
    # not 431), no draws, gaps of months
    "duels": dict(seed=48, matches=1500, players=120, mu=0.0, sigma=6.0, beta=1.0, gamma=0.1, p_draw=0.0,
                  ties=0.0, teams=0.0, ffa=0.0, partial=0.0),
    # duels with draws, 2v2 and 3v3 with partial play, free-for-alls with ties
    "mixed": dict(seed=4848, matches=2000, players=150, mu=25.0, sigma=25.0 / 3, beta=25.0 / 6, gamma=25.0 / 300,
                  p_draw=0.2, ties=0.2, teams=0.25, ffa=0.15, partial=0.3),
}
SAMPLE = 20  # every SAMPLE-th entry is written, its mean and deviation to 12 significant digits


def generate(h):
    """Matches as lists of (team, player, rank, weight), with their days."""
    rng = random.Random(h["seed"])
    skill = [rng.gauss(0.0, 2.0) for _ in range(h["players"])]
    day, matches = 0, []
    for _ in range(h["matches"]):
        r = rng.random()
        day += 0 if r < 0.5 else (rng.randint(1, 3) if r < 0.97 else rng.randint(60, 200))
        kind = rng.random()
        if kind < h["ffa"]:
            sizes = [1] * rng.randint(3, 5)
        elif kind < h["ffa"] + h["teams"]:
            sizes = [rng.randint(2, 3)] * 2
        else:
            sizes = [1, 1]
        players = rng.sample(range(h["players"]), sum(sizes))
        teams, k = [], 0
        for s in sizes:
            teams.append(players[k:k + s])
            k += s
        perf = [sum(skill[p] + rng.gauss(0.0, 1.5) for p in t) / len(t) for t in teams]
        order = sorted(range(len(teams)), key=lambda t: -perf[t])
        rank, ranks = 0, [0] * len(teams)
        for i, t in enumerate(order):
            tied = i > 0 and rng.random() < h["ties"]
            rank = rank if tied else i + 1
            ranks[t] = rank
        seats = []
        for t, members in enumerate(teams):
            for p in members:
                w = 1.0 if rng.random() >= h["partial"] else rng.choice([0.25, 0.5, 0.75, 0.9])
                seats.append((t, p, ranks[t], w))
        matches.append((day, seats))
    return matches


def run(name, h, out):
    matches = generate(h)
    with open(os.path.join(out, name + "-matches.csv"), "w") as f:
        f.write("match,time,team,player,rank,weight\n")
        for m, (day, seats) in enumerate(matches):
            for t, p, r, w in seats:
                f.write(f"{m},{day},{t},{p},{r},{w!r}\n")
    composition, results, times, weights = [], [], [], []
    for day, seats in matches:
        teams = sorted(set(s[0] for s in seats))
        composition.append([[f"p{s[1]}" for s in seats if s[0] == t] for t in teams])
        results.append([-float(next(s[2] for s in seats if s[0] == t)) for t in teams])
        weights.append([[s[3] for s in seats if s[0] == t] for t in teams])
        times.append(day)
    partial = any(w != 1.0 for m in weights for t in m for w in t)
    hist = ttt.History(composition, results, times, mu=h["mu"], sigma=h["sigma"], beta=h["beta"],
                       gamma=h["gamma"], p_draw=h["p_draw"], weights=weights if partial else [])
    # each entry's batch (one per distinct day) and player
    entries, batch, last = [], -1, None
    for day, seats in matches:
        if day != last:
            batch, last = batch + 1, day
        entries.extend((batch, f"p{s[1]}") for s in seats)
    expected = open(os.path.join(out, name + "-expected.csv"), "w")
    stages = open(os.path.join(out, name + "-stages.csv"), "w")
    expected.write("sweeps,entry,mean,sd\n")
    stages.write("sweeps,log_evidence,step\n")

    def write(sweeps, step):
        for e in range(0, len(entries), SAMPLE):
            b, a = entries[e]
            g = hist.batches[b].posterior(a)
            expected.write(f"{sweeps},{e},{g.mu:.12g},{g.sigma:.12g}\n")
        stages.write(f"{sweeps},{hist.log_evidence()!r},{max(step)!r}\n")

    done = 0
    write(0, (float("nan"), float("nan")))
    for target in (1, 2, 5):
        while done < target:
            step = hist.iteration()
            done += 1
        write(done, step)
    step, i = hist.convergence(epsilon=1e-6, iterations=1000, verbose=False)
    stages.write(f"# converged after {done + i} iterations in all\n")
    write(-1, step)
    print(name, len(matches), "matches,", len(hist.batches), "batches, converged after", done + i, "iterations")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "tests/data/ttt"
    os.makedirs(out, exist_ok=True)
    for name, h in HISTORIES.items():
        run(name, h, out)


if __name__ == "__main__":
    main()
