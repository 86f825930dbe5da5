#!/usr/bin/python3
"""Writes tests/data/ttt/priors-expected.csv: what the trueskillthroughtime package
(1.1.0, github.com/glandfried/TrueSkillThroughTime.py at commit 614e8f7; fetch it as
tests/reference/ttt_reference.py says) estimates for the games of
tests/data/ttt/priors-games.csv when players have priors of their own (its History's
`priors=`), as tests/test_whole_history_priors.cpp gives them to ratekit through a
config's `initial`:

    PYTHONPATH=/tmp/ttt-py /usr/bin/python3 tests/reference/ttt_priors_reference.py tests/data/ttt

The priors (the config: initial.ratings priors-list.csv, initial.rating 0.5,
initial.state.deviation 4; the model's mu 0, sigma 6, beta 1, gamma 0.03):
Ann N(2, 1.5) and Bob N(-1, 4) (listed with a rating only: the deviation from
initial.state), Dan N(0.5, 2.5) (listed with a deviation only: the mean from
initial.rating), Cid N(0.5, 4) (not listed). Times are days since 1970-01-01.
Rows: date,player,mean,sd, the converged estimate (epsilon 1e-6, at most 30
iterations) of each player on each day he played, to 12 significant digits.
"""
import csv
import datetime
import os
import sys

import trueskillthroughtime as ttt

PRIORS = {"Ann": (2.0, 1.5), "Bob": (-1.0, 4.0), "Cid": (0.5, 4.0), "Dan": (0.5, 2.5)}


def main(folder):
    epoch = datetime.date(1970, 1, 1)
    composition, results, times, dates = [], [], [], {}
    with open(os.path.join(folder, "priors-games.csv")) as f:
        for row in csv.DictReader(f):
            day = (datetime.date.fromisoformat(row["date"]) - epoch).days
            dates[day] = row["date"]
            composition.append([[row["player_a"]], [row["player_b"]]])
            results.append([1, 0] if row["score_a"] == "1" else [0, 1])
            times.append(day)
    priors = {name: ttt.Player(ttt.Gaussian(m, s), 1.0, 0.03) for name, (m, s) in PRIORS.items()}
    h = ttt.History(composition, results, times, priors, mu=0.0, sigma=6.0, beta=1.0, gamma=0.03)
    h.convergence(epsilon=1e-6, iterations=30, verbose=False)
    with open(os.path.join(folder, "priors-expected.csv"), "w") as out:
        out.write("date,player,mean,sd\n")
        for player, curve in sorted(h.learning_curves().items()):
            for day, g in curve:
                out.write("%s,%s,%.12g,%.12g\n" % (dates[day], player, g.mu, g.sigma))


if __name__ == "__main__":
    main(sys.argv[1])
