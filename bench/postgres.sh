#!/usr/bin/env bash
# The PostgreSQL history database against the SQLite file (docs/performance.md):
# GAMES generated games (default 2,000,000) among 20,000 players over 24 months,
# rated by month with the default outputs (history.csv, ratings, report) and
# recorded into a file, then into a scratch PostgreSQL server
# (tests/postgres/server.sh, on a Unix socket) twice, each into a database of
# its own: as a role granted SET on session_replication_role, as a federation's
# server is set up (docs/history-database.md: the foreign keys checked at the
# commit), and as a role without it (each row's foreign keys checked by the
# server's triggers). Prints each run's wall and CPU seconds.
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
psql -h "$work/pg" -U postgres -d postgres -q -c "CREATE DATABASE granted OWNER ratekit_fast" \
  -c "CREATE DATABASE plain OWNER ratekit_plain"
printf "${head}output: { dir: out-file, database: s.db }\n" >"$work/file.yaml"
for role in granted plain; do
  user=ratekit_fast
  [ "$role" = plain ] && user=ratekit_plain
  printf "${head}output: { dir: out-$role, database: \"postgresql://%s@/%s?host=%s\" }\n" "$user" "$role" "$work/pg" \
    >"$work/$role.yaml"
done
for store in file granted plain; do
  /usr/bin/time -f "$store: wall %e s, ratekit's CPU %U + %S s" "$build/host/ratekit" -q run "$work/$store.yaml"
done
