#!/usr/bin/env python3
"""Kills an incremental whole-history run (whr: January and February recorded, March added; then January
corrected with --replace) with SIGKILL at random moments, and checks that the database then holds either the
history as before the run or as an undisturbed run leaves it, never a mix, and that a retry leaves what the
undisturbed run leaves (docs/history-database.md, "Whole-history models").

  whole_history_kill.py RATEKIT [--kills 10] [--games 4000] [--seed 1]
"""
import argparse, collections, os, random, shutil, signal, sqlite3, subprocess, sys, tempfile, time

import replace_kill  # beside this file

# Each table without the ids a run's number changes: runs by rank, periods by label, players by name.
RANK = "(SELECT count(*) FROM runs o WHERE o.id <= {})"
QUERIES = {
    "runs": f"SELECT {RANK.format('r.id')}, model, params, inputs, fingerprint FROM runs r",
    "periods": f"SELECT pe.label, {RANK.format('pe.run_id')} FROM periods pe",
    "ratings": "SELECT pe.label, p.name, r.rating, r.change, r.games, r.state FROM ratings r "
               "JOIN periods pe ON pe.id = r.period_id JOIN players p ON p.id = r.player_id",
    "states": f"SELECT {RANK.format('s.run_id')}, p.name, s.field, s.value FROM states s JOIN players p ON p.id = s.player_id",
    "games": f"SELECT {RANK.format('g.run_id')}, g.seq, g.date, a.name, b.name, g.score_a, g.home, g.warm_a, g.warm_b "
             "FROM whole_history_games g "
             "JOIN players a ON a.id = g.player_a JOIN players b ON b.id = g.player_b",
    "fits": f"SELECT {RANK.format('f.run_id')}, f.sweeps, f.last_change, f.converged, f.log_evidence, f.warm_start, f.games "
            "FROM whole_history_fits f",
}


def make_input(folder, games, seed):
    """replace_kill.py's three months and corrected January, rated by whr."""
    replace_kill.make_input(folder, games, seed)
    with open(os.path.join(folder, "whr.yaml"), "w") as f:
        f.write("competition: club\nmodel: whr\nparams: { epsilon: 0.001 }\ninput: { format: games-csv }\n"
                "output: { dir: out, database: c.db }\n")


def run(ratekit, folder, csv, *flags, wait=True):
    args = [ratekit, "run", os.path.join(folder, "whr.yaml"), "--input", os.path.join(folder, csv), *flags]
    if not wait:
        return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def rows(folder):
    db = sqlite3.connect(os.path.join(folder, "c.db"))  # rolls a killed run's journal back
    out = {t: collections.Counter(db.execute(q).fetchall()) for t, q in QUERIES.items()}  # rows in any order
    db.close()
    return out


def kills(args, rng, folder, csv, flags):
    """The undisturbed run of `csv` on the database as it is, then args.kills killed runs and their retries."""
    base = os.path.join(folder, "base.db")
    shutil.copy(os.path.join(folder, "c.db"), base)
    before = rows(folder)
    start = time.monotonic()
    r = run(args.ratekit, folder, csv, *flags)
    took = time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"the undisturbed run of {csv} failed:\n{r.stdout}")
    after = rows(folder)
    if after["ratings"] == before["ratings"]:
        sys.exit(f"the run of {csv} changed no estimate")
    landed = untouched = 0
    for k in range(args.kills):
        shutil.copy(base, os.path.join(folder, "c.db"))
        delay = rng.uniform(0, took * 1.1)
        p = run(args.ratekit, folder, csv, *flags, wait=False)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        landed += p.wait() == -signal.SIGKILL
        got = rows(folder)
        if got != before and got != after:
            diff = [t for t in QUERIES if got[t] != before[t] and got[t] != after[t]]
            sys.exit(f"{csv}, kill {k + 1} at {delay:.3f} s: the database holds a mix of before and after in {diff}")
        untouched += got == before
        r = run(args.ratekit, folder, csv, *flags)
        if r.returncode != 0 or rows(folder) != after:
            sys.exit(f"{csv}, kill {k + 1} at {delay:.3f} s: the retry failed or differs from an undisturbed run:\n"
                     + r.stdout)
    print(f"{csv} {' '.join(flags)}: {args.kills} kills ({landed} during the run, {untouched} leaving the database "
          f"as before; undisturbed run {took:.2f} s): all before or all after, every retry equal to the undisturbed run")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ratekit")
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="ratekit-whole-history-kill-") as folder:
        make_input(folder, args.games, args.seed)
        for csv in ("01.csv", "02.csv"):
            r = run(args.ratekit, folder, csv)
            if r.returncode != 0:
                sys.exit(f"{csv} failed:\n{r.stdout}")
        kills(args, rng, folder, "03.csv", [])
        kills(args, rng, folder, "01-fixed.csv", ["--replace"])


if __name__ == "__main__":
    main()
