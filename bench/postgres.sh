#!/usr/bin/env bash
# The PostgreSQL history database against the SQLite file (docs/performance.md):
# GAMES generated games (default 2,000,000) among 20,000 players over 24 months,
# rated by month with the default outputs (history.csv, ratings, report) and
# recorded into a file, then into a scratch PostgreSQL server
# (tests/postgres/server.sh, on a Unix socket), then once more into a database of
# that server whose sessions skip triggers (session_replication_role = replica:
# no foreign key checked), to tell the foreign keys' share. Prints each run's
# wall and CPU seconds.
#
#   bench/postgres.sh BUILD_DIR [GAMES]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/postgres.sh BUILD_DIR [GAMES]}" && pwd)
games=${2:-2000000}
work=$(mktemp -d /tmp/ratekit-pg-bench-XXXXXX)
chmod 755 "$work"  # the server may run as another user (as root: postgres), who must reach its folder
trap 'sh "$here/../tests/postgres/server.sh" stop "$work/pg"; rm -rf "$work"' EXIT

python3 - "$work/games.csv" "$games" <<'PY'
import random, sys
rng, n = random.Random(1), int(sys.argv[2])
players = [f"P{i:05d}" for i in range(20000)]
with open(sys.argv[1], "w") as f:
    f.write("date,player_a,player_b,score_a\n")
    for g in range(n):
        a, b = rng.sample(players, 2)
        day = g * 24 * 28 // n  # 24 months of 28 days, in order
        f.write(f"{2020 + day // 336}-{1 + day % 336 // 28:02d}-{1 + day % 28:02d},{a},{b},{rng.choice('10')}\n")
PY
sh "$here/../tests/postgres/server.sh" start "$work/pg"
head="competition: bench\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\nperiod: month\ninput: { format: games-csv, path: games.csv }\n"
psql -h "$work/pg" -U postgres -d postgres -q -c "CREATE DATABASE unchecked" \
  -c "ALTER DATABASE unchecked SET session_replication_role = replica"
printf "${head}output: { dir: out-file, database: s.db }\n" >"$work/file.yaml"
printf "${head}output: { dir: out-server, database: \"%s\" }\n" "$(cat "$work/pg/uri")" >"$work/server.yaml"
printf "${head}output: { dir: out-unchecked, database: \"postgresql://postgres@/unchecked?host=%s\" }\n" "$work/pg" \
  >"$work/unchecked.yaml"
for store in file server unchecked; do
  /usr/bin/time -f "$store: wall %e s, ratekit's CPU %U + %S s" "$build/host/ratekit" -q run "$work/$store.yaml"
done
