"""Writes the whr plugin's oracle fixture: a seeded random history of duels
(whr_history.py) and every player's converged rating and deviation at every
day he played, as the Python `whole-history-rating` port computes them.
tests/test_whr_oracle.cpp rates the same history with the plugin and checks
each value to 1e-6.

The port is not on PyPI here; fetch it and run this with Debian's python3
(it needs numpy):

    git clone https://github.com/pfmonville/whole_history_rating /tmp/whr-port
    git -C /tmp/whr-port checkout 7650c35   # release 3.6.1
    PYTHONPATH=/tmp/whr-port /usr/bin/python3 tests/reference/whr_reference.py [output folder]

(the output folder defaults to ../data/whr beside this script).

Where the port's conventions differ from Coulom's paper, which ratekit
follows, the port is configured or its numbers converted here, never the
plugin:
- Prior: the port's first-day prior is `initial_prior_wins` (default 0.5)
  virtual wins and as many losses against a player of gamma 1; the paper's is
  one of each.
- Hessian damping: the port subtracts `hessian_damping` (default 1.0) from
  the Hessian's diagonal, in the Newton steps and in the uncertainty; the
  paper has none. Set to 0 here.
- Draws: without a declared draw model the port drops a draw from the
  Bradley-Terry likelihood (it fits Davidson's model when told to); ratekit
  counts it as half a win and half a loss. The port takes no weights, so the
  whole posterior is doubled: every decisive game is given twice, a draw as
  one win and one loss, two virtual wins and losses on the first day, and w2
  halved. The doubled log posterior is twice ratekit's (plus constants), so
  its maximum is the same; its Hessian is twice ratekit's, so a deviation is
  the port's times sqrt(2).
- Advantage: the port's `handicap` is a key whose advantage it learns for
  black; pinned (`pinned_handicap`) to the game's Elo it is a fixed advantage
  of the player it calls black, who is ratekit's first-named player here.
- Units: the port's ratings are Elo (400/ln 10 per natural unit) as ratekit's,
  its uncertainty a variance in natural units: the deviation here is its
  square root in Elo (times sqrt(2), above).
- Days: the port counts time in whatever steps it is given; only
  differences matter, so the fixture's days count from 0.
- Log evidence: the port's log_likelihood() sums each player's terms, so it
  counts every (doubled) game twice, the doubled virtual games once and the
  Wiener densities of w2/2; log_evidence() below takes ratekit's from those
  terms.
"""
import math
import os
import sys

from whr import WHR

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import whr_history  # noqa: E402

SEED, PLAYERS, GAMES, YEARS, W2 = 48, 40, 2500, 4, 300.0
NAT_PER_ELO = math.log(10) / 400


def fit(rows, w2):
    model = WHR({"w2": w2 / 2, "initial_prior_wins": 2.0, "hessian_damping": 0.0,
                 "pinned_handicap": {adv: adv for adv in whr_history.ADVANTAGES}, "pinned_draw": 0.0})
    for day, a, b, score, advantage in rows:
        outcomes = {1.0: "BB", 0.0: "WW", 0.5: "BW"}[score]  # a is the port's black
        for winner in outcomes:
            model.create_game(str(a), str(b), winner, day, advantage)
    previous = None
    while True:  # until no rating moves by 1e-10 Elo in ten iterations
        model.iterate(10)
        now = {(name, d.day): d.elo for name, p in model.players.items() for d in p.days}
        if previous and max(abs(now[k] - previous[k]) for k in now) < 1e-10:
            return model
        previous = now


def log_evidence(model, w2):
    """ratekit's log evidence (whr.hpp) from the port's terms of its doubled posterior."""
    w2_nat = w2 * NAT_PER_ELO**2
    games = anchors = wiener = 0.0
    for p in model.players.values():
        day_games = sum(d.log_likelihood() for d in p.days)
        games += day_games / 4  # each game from both sides, and doubled
        anchors += p.days[0].anchor_log_likelihood() / 2
        for d1, d2 in zip(p.days, p.days[1:]):
            s2 = w2_nat * (d2.day - d1.day)
            wiener -= 0.5 * math.log(2 * math.pi * s2)
        # the port's Wiener terms are its total less the rest: twice ratekit's
        # quadratic terms, and the densities of w2/2
        port_wiener = p.log_likelihood() - day_games - p.days[0].anchor_log_likelihood()
        wiener += (port_wiener + sum(0.5 * math.log(math.pi * w2_nat * (d2.day - d1.day))
                                     for d1, d2 in zip(p.days, p.days[1:]))) / 2
    return games + anchors + wiener


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "data", "whr")
    os.makedirs(out, exist_ok=True)
    rows = whr_history.generate(SEED, PLAYERS, GAMES, YEARS)
    whr_history.write_csv(os.path.join(out, "oracle-history.csv"), rows)
    model = fit(rows, W2)
    with open(os.path.join(out, "oracle-estimates.csv"), "w") as f:
        f.write(f"# w2={W2:g} log_evidence={log_evidence(model, W2):.17g}\n")
        f.write("player,day,rating,deviation\n")
        for name in sorted(model.players, key=int):
            for d in model.players[name].days:
                deviation = math.sqrt(2 * d.uncertainty) / NAT_PER_ELO
                f.write(f"{name},{d.day},{d.elo:.12g},{deviation:.12g}\n")


if __name__ == "__main__":
    main()
