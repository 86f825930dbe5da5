#!/usr/bin/env bash
# `ratekit serve` against nginx serving the same bytes as static files
# (docs/performance.md): GAMES generated games (default 20,000,000) among
# PLAYERS players (default 200,000) over 24 months, recorded by month into a
# SQLite file; then wrk (Debian's) asks each for a player's JSON and for the
# first page of the list, side by side on this machine, and prints requests per
# second and the 99th percentile of latency. A last line asks the server for
# a different player each time (no answer is kept: only the list is).
#
#   bench/serve.sh BUILD_DIR [PLAYERS] [GAMES]
#
# RATEKIT_BENCH_DIR=DIR keeps the games and the database in DIR and reuses them
# the next time (recording 20 million games takes minutes); without it, a
# temporary folder is removed at the end.
set -euo pipefail
build=$(cd "${1:?usage: bench/serve.sh BUILD_DIR [PLAYERS] [GAMES]}" && pwd)
players=${2:-200000}
games=${3:-20000000}
keep=${RATEKIT_BENCH_DIR:-}
work=${keep:-$(mktemp -d /tmp/ratekit-serve-bench-XXXXXX)}
mkdir -p "$work"
serve_pid=""
trap '[ -n "$serve_pid" ] && kill "$serve_pid"; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")"; [ -z "$keep" ] && rm -rf "$work"' EXIT

if [ ! -f "$work/serve.db" ]; then
python3 - "$work/games.csv" "$players" "$games" <<'PY'
import random, sys
rng, m, n = random.Random(1), int(sys.argv[2]), int(sys.argv[3])
with open(sys.argv[1], "w") as f:
    f.write("date,player_a,player_b,score_a\n")
    for g in range(n):
        a, b = rng.sample(range(m), 2)
        day = g * 24 * 28 // n  # 24 months of 28 days, in order
        f.write(f"{2020 + day // 336}-{1 + day % 336 // 28:02d}-{1 + day % 28:02d},P{a:06d},P{b:06d},{rng.choice('10')}\n")
PY
printf "competition: bench\nmodel: fide-logistic\nk_schedule: [ { k: 20 } ]\ninitial: 1500\nperiod: month\ninput: { format: games-csv, path: games.csv }\noutput: { dir: out, history: false, database: serve.db }\n" >"$work/bench.yaml"
(cd "$work" && "$build/host/ratekit" -q run bench.yaml)
fi

port=$((20000 + RANDOM % 20000))
"$build/host/ratekit" serve "$work/serve.db" --listen "127.0.0.1:$port" >/dev/null &
serve_pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/competitions" >/dev/null && break; sleep 0.1; done
# The same bytes for nginx, as static files.
mkdir -p "$work/www"
curl -sf "http://127.0.0.1:$port/api/competitions/bench/players/P000001" >"$work/www/player.json"
curl -sf "http://127.0.0.1:$port/api/competitions/bench/ratings" >"$work/www/list.json"
nginx_port=$((port + 1))
cat >"$work/nginx.conf" <<NGINX
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  types { application/json json; }
  server { listen 127.0.0.1:$nginx_port; root $work/www; }
}
NGINX
nginx -c "$work/nginx.conf"
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$nginx_port/player.json" >/dev/null && break; sleep 0.1; done

printf "%-28s %12s %10s\n" "what" "requests/s" "p99"
measure() {
  local out
  out=$(wrk -t2 -c16 -d10s --latency "${@:2}")
  printf "%-28s %12s %10s\n" "$1" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1 == "99%" {print $2}' <<<"$out")"
}
measure "serve: a player's JSON" "http://127.0.0.1:$port/api/competitions/bench/players/P000001"
measure "nginx: the same bytes" "http://127.0.0.1:$nginx_port/player.json"
measure "serve: the list's first page" "http://127.0.0.1:$port/api/competitions/bench/ratings"
measure "nginx: the same bytes" "http://127.0.0.1:$nginx_port/list.json"
# Each request another player (a step through the names prime to their count).
cat >"$work/players.lua" <<LUA
n = 0
request = function()
  n = n + 1
  return wrk.format(nil, string.format("/api/competitions/bench/players/P%06d", (n * 7919) % $players))
end
LUA
measure "serve: any player's JSON" -s "$work/players.lua" "http://127.0.0.1:$port"
