#!/usr/bin/env bash
# Reruns the tables of docs/performance.md.
#
#   bench/run.sh BUILD_DIR [SIZES...]     e.g. bench/run.sh build-perf 100000 1000000 10000000
#
# BUILD_DIR must be configured with -DCMAKE_BUILD_TYPE=Release -DRATEKIT_BUILD_BENCH=ON.
# Data goes to BUILD_DIR/bench-data (never committed). Each pipeline figure is
# the run of median wall time out of RUNS (default 5). Times are wall and CPU
# (user + sys) seconds and peak resident memory from /usr/bin/time; ratekit
# reads on one thread while it rates on another, so its CPU time exceeds its wall time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/run.sh BUILD_DIR [SIZES...]}" && pwd)
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000 10000000)
source "$here/measure.sh"

cmake --build "$build" --target ratekit ratekit-generate ratekit-bare-loop ratekit-plugin-bench -j2 >/dev/null

echo "## machine"
echo "nproc $(nproc); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); $(free -g | awk '/Mem:/ { print $2 " GiB" }'); load $(cut -d' ' -f1-3 /proc/loadavg)"

echo "## pipeline: games wall_s cpu_s games_per_s games_per_cpu_s peak_MB bytes_per_game | bare-loop wall_s cpu_s peak_MB | ratio_wall ratio_cpu | check"
for n in "${sizes[@]}"; do
  dir=$(games_dir "$n")
  cp "$here/pipeline.yaml" "$dir/pipeline.yaml"
  measure_median "$build/host/ratekit" run "$dir/pipeline.yaml" --out "$dir/out"
  rw=$m_wall rc=$m_cpu rk=$m_kb
  measure_median "$build/bench/ratekit-bare-loop" "$dir/games.csv" 20 "$dir/bare.csv"
  awk -v n="$n" -v rw="$rw" -v rc="$rc" -v rk="$rk" -v bw="$m_wall" -v bc="$m_cpu" -v bk="$m_kb" 'BEGIN {
    printf "%d %s %s %.0f %.0f %.0f %.1f | %s %s %.0f | %.2f %.2f", n, rw, rc, n / rw, n / rc, rk / 1024, rk * 1024 / n,
      bw, bc, bk / 1024, rw / bw, rc / bc }'
  # Both apply the same arithmetic: their ratings must agree to the last digit.
  if cmp -s <(cut -d, -f1,2 "$dir/out/ratings.csv") <(cut -d, -f1,2 "$dir/bare.csv"); then
    echo " | same ratings"
  else
    echo " | RATINGS DIFFER"
  fi
done

echo "## ranked events: 2000 events of 100 players with elod-duplicate-scrabble: wall_s cpu_s peak_MB"
mkdir -p "$data/standings"
[ -s "$data/standings/standings.csv" ] ||
  "$build/bench/ratekit-generate" --players "$players" --events 2000 --event-size 100 --seed 1 --standings-csv "$data/standings/standings.csv"
cp "$here/standings.yaml" "$data/standings/standings.yaml"
measure "$build/host/ratekit" run "$data/standings/standings.yaml" --out "$data/standings/out"
echo "$m_wall $m_cpu $((m_kb / 1024))"

# openskill is slow: it gets every size up to PEER_MAX_OPENSKILL games. Node
# reads the file into one string, which cannot hold 10^8 games (2.7 GB).
echo "## peers (JSON per run; rate_cpu_s is the rating loop alone)"
if [ -d "$here/peers/node_modules" ]; then
  for n in "${sizes[@]}"; do
    [ "$n" -le "${PEER_MAX:-10000000}" ] || continue
    node "$here/peers/run_peers.js" elo-rank "$data/$n/games.csv" 20
    if [ "$n" -le "${PEER_MAX_OPENSKILL:-1000000}" ]; then
      node "$here/peers/run_peers.js" openskill "$data/$n/games.csv"
    fi
  done
else
  echo "(run 'npm ci' in bench/peers first)"
fi

echo "## plugins"
"$build/bench/ratekit-plugin-bench" --benchmark_min_time=1 2>/dev/null
