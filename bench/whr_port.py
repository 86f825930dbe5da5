"""The Python `whole-history-rating` port on a history of duels without draws
(the CSV of tests/reference/whr_history.py), configured as Coulom's paper and
ratekit's whr (one virtual win and loss, no Hessian damping, the advantage
pinned in Elo), swept until no rating moves by more than epsilon Elo in one
iteration: the criterion of bench/whr_bench.cpp. bench/whr.sh runs both.

    PYTHONPATH=<the port> /usr/bin/python3 bench/whr_port.py games.csv [epsilon] [w2]

tests/reference/whr_reference.py says how to fetch the port.
"""
import os
import sys
import time

from whr import WHR

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "reference"))
import whr_history  # noqa: E402


def main():
    path = sys.argv[1]
    epsilon = float(sys.argv[2]) if len(sys.argv) > 2 else 1e-4
    w2 = float(sys.argv[3]) if len(sys.argv) > 3 else 300.0
    rows = whr_history.read_csv(path)
    if any(score == 0.5 for _, _, _, score, _ in rows):
        sys.exit("whr_port.py: the port has no half-win draws; generate the history with draw_rate=0")
    start = time.process_time()
    model = WHR({"w2": w2, "initial_prior_wins": 1.0, "hessian_damping": 0.0, "pinned_draw": 0.0,
                 "pinned_handicap": {adv: adv for adv in whr_history.ADVANTAGES}})
    for day, a, b, score, advantage in rows:  # a is the port's black, whose handicap it is
        model.create_game(str(a), str(b), "B" if score == 1.0 else "W", day, advantage)
    days = [d for p in model.players.values() for d in p.days]
    load = time.process_time() - start
    sweeps, change = 0, float("inf")
    while change > epsilon:
        before = [d.elo for d in days]
        model._run_one_iteration()  # iterate(1) less the uncertainty, which ratekit computes once at the end
        sweeps += 1
        change = max(abs(d.elo - e) for d, e in zip(days, before))
    for p in model.players.values():
        p.update_uncertainty()
    print(f"games {len(rows)} players {len(model.players)} days {len(days)} sweeps {sweeps} "
          f"last_change {change:.3g} load_cpu_s {load:.3f} sweeps_cpu_s {time.process_time() - start - load:.3f} "
          f"log_likelihood {model.log_likelihood():.6f}")


if __name__ == "__main__":
    main()
