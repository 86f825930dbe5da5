#!/usr/bin/env python3
"""Interrupts `ratekit run` (SIGINT, SIGTERM, SIGHUP) while it writes its
outputs and records into a history database, and checks what a user finds:
the exit status 128 + the signal, a message, no staging folder, and either
nothing (a first run: no output folder, no database) or the previous outputs
byte for byte and the database as it was (read by `ratekit history`, which
rolls back the interrupted run's journal).

Then it interrupts a run at moments spread over the whole of it, its last
steps included (the outputs published, the database committed): each time the
outputs and the database are all the previous run's or all this one's, and the
exit status and message say which.

  interrupt.py RATEKIT
"""
import glob, os, random, shutil, signal, subprocess, sys, tempfile, time


MADE_GAMES = {}  # a year's rows are the same each time (seeded by the year): made once, written again after


def make_games(path, games, year):
    if (games, year) not in MADE_GAMES:
        rng = random.Random(year)
        players = [f"P{i:04d}" for i in range(3000)]
        rows = ["date,player_a,player_b,score_a\n"]
        for g in range(games):
            a, b = rng.sample(players, 2)
            day = g * 336 // games
            rows.append(f"{year}-{1 + day // 28:02d}-{1 + day % 28:02d},{a},{b},{rng.choice(['1', '0', '0.5'])}\n")
        MADE_GAMES[games, year] = "".join(rows)
    with open(path, "w") as f:
        f.write(MADE_GAMES[games, year])


def run(ratekit, folder, args=()):
    return subprocess.run([ratekit, "run", os.path.join(folder, "c.yaml"), *args], cwd=folder,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def interrupted(ratekit, folder, sig):
    """Starts a run and sends `sig` once its staging folder and its database are there."""
    p = subprocess.Popen([ratekit, "run", os.path.join(folder, "c.yaml")], cwd=folder, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while not (glob.glob(os.path.join(folder, ".out.new-*")) and os.path.exists(os.path.join(folder, "c.db"))):
        if p.poll() is not None or time.time() > deadline:
            sys.exit(f"the run ended before it could be interrupted: {p.communicate()[0]}")
        time.sleep(0.005)
    time.sleep(0.05)  # into the run: games rated, rows recorded
    p.send_signal(sig)
    out = p.communicate()[0]
    return p.returncode, out


def files(out):
    return {name: open(os.path.join(out, name), "rb").read() for name in sorted(os.listdir(out))}


def check(condition, what):
    if not condition:
        sys.exit("failed: " + what)


def history(ratekit, folder):
    return subprocess.run([ratekit, "history", "c.db", "P0001"], cwd=folder, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True).stdout


def sweep(ratekit, folder, moments=16):
    """SIGTERM at `moments` times from a fifth into a later run to past its end."""
    make_games(os.path.join(folder, "games.csv"), 150000, 2024)
    with open(os.path.join(folder, "c.yaml"), "w") as f:
        f.write("competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n"
                "input: { format: games-csv, path: games.csv }\n"
                "output: { dir: out, report: true, database: c.db }\n")
    check(run(ratekit, folder).returncode == 0, "the first run failed")
    out, db = os.path.join(folder, "out"), os.path.join(folder, "c.db")
    old, old_history = files(out), history(ratekit, folder)
    shutil.copytree(out, os.path.join(folder, "saved"))
    shutil.copy2(db, os.path.join(folder, "saved.db"))

    def restore():
        shutil.rmtree(out)
        shutil.copytree(os.path.join(folder, "saved"), out)
        shutil.copy2(os.path.join(folder, "saved.db"), db)

    make_games(os.path.join(folder, "games.csv"), 150000, 2025)
    with open(os.path.join(folder, "c.yaml"), "a") as f:
        f.write("initial: { database: c.db }\n")
    start = time.time()
    check(run(ratekit, folder).returncode == 0, "the later run failed")
    took = time.time() - start
    new, new_history = files(out), history(ratekit, folder)
    check(new != old and new_history != old_history, "the later run changed nothing")
    seen = set()
    for i in range(moments):
        restore()
        p = subprocess.Popen([ratekit, "run", os.path.join(folder, "c.yaml")], cwd=folder, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        time.sleep(took * (0.2 + i / moments))
        p.send_signal(signal.SIGTERM)
        said = p.communicate()[0]
        at = f"SIGTERM at {0.2 + i / moments:.2f} of the run: status {p.returncode}: {said}"
        check(not glob.glob(os.path.join(folder, ".out.new-*")), at + ": a staging folder was left")
        if p.returncode in (0, -signal.SIGTERM):  # the run had ended: the signal found no guard, or no process
            outcome = "completed"
        elif p.returncode == 128 + signal.SIGTERM and "nothing was written or recorded" in said:
            outcome = "old"
        elif p.returncode == 128 + signal.SIGTERM and "after the run was written" in said:
            outcome = "new"
        else:
            sys.exit("failed: " + at)
        expected = (old, old_history) if outcome == "old" else (new, new_history)
        check(files(out) == expected[0], f"{at}: the outputs are not all {'old' if outcome == 'old' else 'new'}")
        check(history(ratekit, folder) == expected[1], f"{at}: the database does not match the outputs")
        seen.add(outcome)
    check("old" in seen, f"no interrupt came before the end of the run: {seen}")


def main():
    ratekit = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="ratekit-interrupt-") as folder:
        sweep(ratekit, folder)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with tempfile.TemporaryDirectory(prefix="ratekit-interrupt-") as folder:
            make_games(os.path.join(folder, "games.csv"), 150000, 2024)
            with open(os.path.join(folder, "c.yaml"), "w") as f:
                f.write("competition: c\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n"
                        "input: { format: games-csv, path: games.csv }\noutput: { dir: out, database: c.db }\n")
            name = signal.Signals(sig).name
            # A first run: nothing is left.
            status, out = interrupted(ratekit, folder, sig)
            check(status == 128 + sig, f"{name}: exit status {status}, not {128 + sig}: {out}")
            check(f"error: interrupted ({name}); nothing was written or recorded" in out, f"{name}: message: {out}")
            left = sorted(os.listdir(folder))
            check(left == ["c.yaml", "games.csv"], f"{name}: a first run left {left}")
            # A later run: the previous outputs and database stay as they were.
            r = run(ratekit, folder)
            check(r.returncode == 0, r.stdout)
            before = files(os.path.join(folder, "out"))
            run_history = subprocess.run([ratekit, "history", "c.db", "P0001"], cwd=folder,
                                                   stdout=subprocess.PIPE, text=True).stdout
            make_games(os.path.join(folder, "games.csv"), 150000, 2025)
            with open(os.path.join(folder, "c.yaml"), "a") as f:
                f.write("initial: { database: c.db }\n")
            status, out = interrupted(ratekit, folder, sig)
            check(status == 128 + sig, f"{name}: a later run's exit status {status}: {out}")
            check(not glob.glob(os.path.join(folder, ".out.new-*")), f"{name}: a staging folder was left")
            check(files(os.path.join(folder, "out")) == before, f"{name}: the previous outputs changed")
            again = subprocess.run([ratekit, "history", "c.db", "P0001"], cwd=folder, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
            check(again.returncode == 0 and again.stdout == run_history, f"{name}: the database changed: {again.stdout}")
            # The retry records the run.
            check(run(ratekit, folder).returncode == 0, f"{name}: the retry failed")
    print("interrupted runs leave nothing, the previous outputs and database as they were, or the new ones whole")


if __name__ == "__main__":
    main()
