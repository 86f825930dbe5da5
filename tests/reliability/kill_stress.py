#!/usr/bin/env python3
"""Kills `ratekit run` with SIGKILL at random moments of a run that records
into a history database, retries each time, and checks that every retry
succeeds and leaves exactly what an undisturbed run leaves: the same output
files byte for byte and the same database rows (the recording time aside).

  kill_stress.py RATEKIT [--kills 40] [--games 60000] [--seed 1] [--postgres SOCKET_DIR]

With --postgres the runs record into a PostgreSQL server listening in
SOCKET_DIR (tests/postgres/server.sh), each folder's into a schema of its own.

Each kill point starts from the state the previous kill left: a killed run may
have committed (the retry then finds its own input recorded) or not.
"""
import argparse, collections, csv, os, random, shutil, signal, sqlite3, subprocess, sys, tempfile, time

TABLES = ["competitions", "runs", "periods", "players", "ratings", "states", "games"]


def pg_uri(server, schema):
    return f"postgresql://postgres@/postgres?host={server}&options=-csearch_path%3D{schema}"


def psql(server, *commands):
    """The output of `commands`, run in order by one psql."""
    return subprocess.run(["psql", f"postgresql://postgres@/postgres?host={server}", "-qAt", "-v", "ON_ERROR_STOP=1",
                           *(w for c in commands for w in ("-c", c))], check=True, stdout=subprocess.PIPE, text=True,
                          env=dict(os.environ, PGOPTIONS="-c client_min_messages=warning")).stdout


def make_input(folder, games, seed, database):
    rng = random.Random(seed)
    players = [f"P{i:04d}" for i in range(max(50, games // 60))]
    rows = ["date,player_a,player_b,score_a"]
    for g in range(games):
        a, b = rng.sample(players, 2)
        day = g * 336 // games  # 12 months of 28 days, in order
        rows.append(f"2024-{1 + day // 28:02d}-{1 + day % 28:02d},{a},{b},{rng.choice(['1', '0', '0.5'])}")
    with open(os.path.join(folder, "games.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    with open(os.path.join(folder, "c.yaml"), "w") as f:
        f.write("competition: stress\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n"
                f"input: {{ format: games-csv, path: games.csv }}\noutput: {{ database: {database}, report: true }}\n")


# The columns that hold a row's id, by the table it names.
ID_OF = {"competition_id": "competitions", "run_id": "runs", "period_id": "periods", "player_id": "players",
         "player_a": "players", "player_b": "players"}


def pg_rows(server, schema, folder):
    """Every table's rows as the server prints them, sorted. A killed run's ids
    are spent (a sequence is not rolled back): ids are compared by their order."""
    # One psql for every table (a psql started per table was most of a snapshot's time): each table's CSV, its
    # header first, after a line that names it.
    mark = "@@ratekit table "
    text = psql(server, *(c for t in TABLES for c in (f"\\echo {mark}{t}",
                                                       f"COPY {schema}.{t} TO STDOUT WITH (FORMAT csv, HEADER)")))
    tables = {}
    for part in text.split(mark)[1:]:
        table, *lines = part.splitlines()
        header, *rows = list(csv.reader(lines))
        keep = [i for i, c in enumerate(header) if c != "recorded_at"]
        tables[table] = ([header[i] for i in keep], [[row[i] for i in keep] for row in rows])
    rank = {t: {v: str(i) for i, v in enumerate(sorted((r[0] for r in rows), key=int))}
            for t, (cols, rows) in tables.items() if cols[0] == "id"}
    out = {}
    for table, (cols, rows) in tables.items():
        named = [rank[table] if c == "id" else rank.get(ID_OF.get(c)) for c in cols]
        out[table] = sorted(tuple(m[v] if m and v in m else v.replace(folder, "<folder>") for m, v in zip(named, row))
                            for row in rows)
    return out


def snapshot(folder, out, server, schema):
    files = {name: open(os.path.join(out, name), "rb").read() for name in sorted(os.listdir(out))}
    if server:
        return files, pg_rows(server, schema, folder)
    db = sqlite3.connect(os.path.join(folder, "c.db"))
    rows = {}
    for table in TABLES:
        cols = [c[1] for c in db.execute(f"PRAGMA table_info({table})") if c[1] != "recorded_at"]
        # Paths name the run's folder: compare them relative to it. Rows in any order, as a multiset.
        rows[table] = collections.Counter(tuple(v.replace(folder, "<folder>") if isinstance(v, str) else v for v in row)
                                          for row in db.execute(f"SELECT {', '.join(cols)} FROM {table}"))
    db.close()
    return files, rows


def run(ratekit, folder, out):
    return subprocess.run([ratekit, "run", os.path.join(folder, "c.yaml"), "--out", out],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ratekit")
    ap.add_argument("--kills", type=int, default=40)
    ap.add_argument("--games", type=int, default=60000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--postgres", metavar="SOCKET_DIR")
    args = ap.parse_args()
    server = args.postgres
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="ratekit-kill-") as top:
        ref, work = os.path.join(top, "ref"), os.path.join(top, "work")
        # On a server, one schema of this temporary folder's name: the undisturbed run's, then the retries'.
        schema = os.path.basename(top).replace("-", "_")
        if server:
            psql(server, f"CREATE SCHEMA {schema}")
        os.makedirs(ref)
        make_input(ref, args.games, args.seed, f'"{pg_uri(server, schema)}"' if server else "c.db")
        start = time.monotonic()
        r = run(args.ratekit, ref, os.path.join(ref, "out"))
        took = time.monotonic() - start
        if r.returncode != 0:
            sys.exit("the undisturbed run failed:\n" + r.stdout)
        expected = snapshot(ref, os.path.join(ref, "out"), server, schema)
        shutil.copytree(ref, work, ignore=shutil.ignore_patterns("out", "c.db"))
        if server:
            psql(server, f"DROP SCHEMA {schema} CASCADE; CREATE SCHEMA {schema}")
        out = os.path.join(work, "out")
        landed = 0
        for k in range(args.kills):
            delay = rng.uniform(0, took * 1.1)
            p = subprocess.Popen([args.ratekit, "run", os.path.join(work, "c.yaml"), "--out", out],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(delay)
            p.send_signal(signal.SIGKILL)
            landed += p.wait() == -signal.SIGKILL
            r = run(args.ratekit, work, out)
            if r.returncode != 0:
                sys.exit(f"kill {k + 1} at {delay:.3f} s: the retry failed:\n{r.stdout}")
            got = snapshot(work, out, server, schema)
            if got != expected:
                diff = [n for n in expected[0] if got[0].get(n) != expected[0][n]] + \
                       [t for t in TABLES if got[1][t] != expected[1][t]]
                sys.exit(f"kill {k + 1} at {delay:.3f} s: the retry differs from an undisturbed run in {diff}")
            leftovers = [n for n in os.listdir(work) if ".new-" in n] + [n for n in os.listdir(out) if ".tmp-" in n]
            if leftovers:
                sys.exit(f"kill {k + 1}: the retry left {leftovers}")
        if server:
            psql(server, f"DROP SCHEMA {schema} CASCADE")
        print(f"{args.kills} kills ({landed} during the run, undisturbed run {took:.2f} s): "
              "every retry succeeded and equals the undisturbed run")


if __name__ == "__main__":
    main()
