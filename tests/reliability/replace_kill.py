#!/usr/bin/env python3
"""Kills `ratekit run --replace` with SIGKILL at random moments of a replace
that rates later months again (the officer's month, docs/history-database.md),
and checks that the database then holds either every month as before the
replace or every month as an undisturbed replace leaves it, never a mix, and
that a retry succeeds and leaves what the undisturbed replace leaves.

  replace_kill.py RATEKIT [--kills 20] [--games 20000] [--seed 1]
"""
import argparse, collections, os, random, shutil, signal, sqlite3, subprocess, sys, tempfile, time

# Each table without the ids a run's number changes: runs by rank, periods by label, players by name.
QUERIES = {
    "runs": "SELECT (SELECT count(*) FROM runs o WHERE o.id <= r.id), model, params, inputs, fingerprint FROM runs r",
    "periods": "SELECT pe.label, (SELECT count(*) FROM runs o WHERE o.id <= pe.run_id) FROM periods pe",
    "ratings": "SELECT pe.label, p.name, r.rating, r.change, r.games, r.state FROM ratings r "
               "JOIN periods pe ON pe.id = r.period_id JOIN players p ON p.id = r.player_id",
    "states": "SELECT (SELECT count(*) FROM runs o WHERE o.id <= s.run_id), p.name, s.field, s.value FROM states s "
              "JOIN players p ON p.id = s.player_id",
    "games": "SELECT pe.label, g.seq, a.name, b.name, g.score_a, g.change_a, g.change_b, g.rating_a, g.rating_b "
             "FROM games g JOIN periods pe ON pe.id = g.period_id JOIN players a ON a.id = g.player_a "
             "JOIN players b ON b.id = g.player_b",
}


def make_input(folder, games, seed):
    rng = random.Random(seed)
    players = [f"P{i:04d}" for i in range(max(50, games // 60))]
    months = {m: ["date,player_a,player_b,score_a"] for m in ("01", "02", "03")}
    for m, rows in months.items():
        for g in range(games):
            a, b = rng.sample(players, 2)
            rows.append(f"2024-{m}-{1 + g * 28 // games:02d},{a},{b},{rng.choice(['1', '0', '0.5'])}")
    months["01-fixed"] = [r.replace(",1", ",0", 1) if i % 7 == 1 else r for i, r in enumerate(months["01"])]
    for m, rows in months.items():
        with open(os.path.join(folder, m + ".csv"), "w") as f:
            f.write("\n".join(rows) + "\n")
    with open(os.path.join(folder, "month.yaml"), "w") as f:
        f.write("competition: club\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\n"
                "initial: { rating: 1500, database: c.db }\ninput: { format: games-csv, path: 01.csv }\n"
                "period: month\noutput: { dir: out, database: c.db }\n")


def month(ratekit, folder, csv, *flags):
    return subprocess.run([ratekit, "run", os.path.join(folder, "month.yaml"), "--input", os.path.join(folder, csv),
                           *flags], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def rows(folder):
    db = sqlite3.connect(os.path.join(folder, "c.db"))  # rolls a killed run's journal back
    out = {t: collections.Counter(db.execute(q).fetchall()) for t, q in QUERIES.items()}  # rows in any order
    db.close()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ratekit")
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="ratekit-replace-kill-") as folder:
        make_input(folder, args.games, args.seed)
        for csv in ("01.csv", "02.csv", "03.csv"):
            r = month(args.ratekit, folder, csv)
            if r.returncode != 0:
                sys.exit(f"{csv} failed:\n{r.stdout}")
        base = os.path.join(folder, "base.db")
        shutil.copy(os.path.join(folder, "c.db"), base)
        before = rows(folder)
        start = time.monotonic()
        r = month(args.ratekit, folder, "01-fixed.csv", "--replace")
        took = time.monotonic() - start
        if r.returncode != 0 or "rated run 3 of" not in r.stdout:
            sys.exit("the undisturbed replace failed:\n" + r.stdout)
        after = rows(folder)
        if after["ratings"] == before["ratings"]:
            sys.exit("the replace changed no rating")
        landed = untouched = 0
        for k in range(args.kills):
            shutil.copy(base, os.path.join(folder, "c.db"))
            delay = rng.uniform(0, took * 1.1)
            p = subprocess.Popen([args.ratekit, "run", os.path.join(folder, "month.yaml"), "--input",
                                  os.path.join(folder, "01-fixed.csv"), "--replace"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            p.send_signal(signal.SIGKILL)
            landed += p.wait() == -signal.SIGKILL
            got = rows(folder)
            if got != before and got != after:
                diff = [t for t in QUERIES if got[t] != before[t] and got[t] != after[t]]
                sys.exit(f"kill {k + 1} at {delay:.3f} s: the database holds a mix of before and after in {diff}")
            untouched += got == before
            r = month(args.ratekit, folder, "01-fixed.csv", "--replace")
            if r.returncode != 0 or rows(folder) != after:
                sys.exit(f"kill {k + 1} at {delay:.3f} s: the retry failed or differs from an undisturbed replace:\n"
                         + r.stdout)
        print(f"{args.kills} kills ({landed} during the run, {untouched} leaving the database as before; undisturbed "
              f"replace {took:.2f} s): every database was all before or all after, every retry equals the undisturbed replace")


if __name__ == "__main__":
    main()
