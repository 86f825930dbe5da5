#!/usr/bin/env python3
"""Checks that every file of a run's output folder is on disk before the folder
is published: `ratekit run` of games and of ranked events (history.csv, the
report, the chart, the database) under strace, and each file written in the new folder must have been flushed
(fsync or fdatasync on it) before the rename that swaps the folder in. A file
the kernel still held only in memory could come back shorter after a power cut
while the folder, the database and the retry logic say the run is done.

  synced_outputs.py RATEKIT STRACE
"""
import os, re, subprocess, sys, tempfile

CALL = re.compile(r"^(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+)")


def write_run(folder, data, rows, model):
    """The input `data` with `rows`, and a config rating it with `model` into every output."""
    with open(os.path.join(folder, data), "w") as f:
        f.write("\n".join(rows) + "\n")
    with open(os.path.join(folder, "c.yaml"), "w") as f:
        f.write(f"competition: synced\n{model}\noutput: {{ dir: out, database: c.db, report: true, charts: true }}\n")


def make_games_run(folder):
    rows = ["date,player_a,player_b,score_a"]
    for g in range(3000):
        month, day = 1 + g // 500, 1 + g % 500 * 28 // 500  # six months, days in order
        rows.append(f"2024-{month:02d}-{day:02d},P{g % 37},P{(g * 7 + 3) % 41 + 37},{['1', '0', '0.5'][g % 3]}")
    write_run(folder, "games.csv", rows, "model: fide-logistic\nk_schedule: [ { k: 20 } ]\nperiod: month\n"
              "input: { format: games-csv, path: games.csv }")


def make_ranked_run(folder):
    rows = ["event,date,player,rank"]
    for e in range(60):
        for p in range(12):
            rows.append(f"Session {e + 1},2024-{1 + e // 10:02d}-{1 + e % 10:02d},P{(e * 5 + p * 7) % 40},{p + 1}")
    write_run(folder, "standings.csv", rows, "model: elod-duplicate-scrabble\nparams: { min_rounds: 0 }\nperiod: event\n"
              "input: { format: standings-csv, path: standings.csv }")


def calls(trace):
    """The trace's lines, each call whole: a call another thread's interrupted
    is written as `PID name(args <unfinished ...>` and later `PID <... name resumed>rest`."""
    pending = {}
    for line in trace:
        pid = line.split(" ", 1)[0]
        if line.rstrip().endswith("<unfinished ...>"):
            pending[pid] = line.rstrip()[: -len("<unfinished ...>")]
        elif "resumed>" in line and pid in pending:
            yield pending.pop(pid) + line.split("resumed>", 1)[1]
        else:
            yield line


def check(trace, folder):
    """The files written in the staging folder, and those not flushed before the exchange."""
    open_files = {}  # fd -> [path, flushed]
    written, unflushed = set(), set()
    exchanged = False
    for line in calls(trace):
        m = CALL.match(line)
        if not m:
            continue
        name, args, result = m.group(2), m.group(3), int(m.group(4))
        if name == "openat" and result >= 0:
            path = re.search(r'"([^"]*)"', args).group(1)
            if ".out.new-" in path and ("O_WRONLY" in args or "O_RDWR" in args) and "O_DIRECTORY" not in args:
                open_files[result] = [path, False]
                written.add(path)
        elif name in ("fsync", "fdatasync") and result == 0:
            fd = int(args)
            if fd in open_files:
                open_files[fd][1] = True
        elif name == "close":
            fd = int(args)
            if fd in open_files:
                path, flushed = open_files.pop(fd)
                if not flushed:
                    unflushed.add(path)
        elif name == "renameat2" and "RENAME_EXCHANGE" in args:
            exchanged = True
            break
    if not exchanged:
        sys.exit("no renameat2(RENAME_EXCHANGE) in the trace: the output folder was never swapped in")
    return written, unflushed | {path for path, _ in open_files.values()}


def main():
    ratekit, strace = sys.argv[1], sys.argv[2]
    for make_run in (make_games_run, make_ranked_run):
        check_run(ratekit, strace, make_run)


def check_run(ratekit, strace, make_run):
    with tempfile.TemporaryDirectory() as folder:
        make_run(folder)
        trace_file = os.path.join(folder, "trace.txt")
        run = subprocess.run([strace, "-f", "-qq", "-e", "trace=openat,fsync,fdatasync,close,renameat2", "-o", trace_file,
                              ratekit, "run", os.path.join(folder, "c.yaml"), "-q"], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"ratekit run failed ({run.returncode}): {run.stderr}")
        with open(trace_file) as f:
            written, unflushed = check(f, folder)
        names = {os.path.basename(p).split(".tmp-")[0] for p in written}
        expected = set(os.listdir(os.path.join(folder, "out")))
        if names != expected:
            sys.exit(f"the trace saw {sorted(names)} written, the folder holds {sorted(expected)}")
        if unflushed:
            sys.exit("written but not flushed to disk before the folder was published: " +
                     ", ".join(sorted(os.path.basename(p) for p in unflushed)))
        print(f"{make_run.__name__}: {len(written)} files, every one flushed before the exchange: {', '.join(sorted(names))}")


if __name__ == "__main__":
    main()
