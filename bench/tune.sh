#!/usr/bin/env bash
# ratekit tune against ratekit run (docs/performance.md, "compare and tune"):
# a grid of 100 candidates (10 K values times 10 spreads) over N generated games
# against one run of the same config with history off. Issue 49 asks for at most 30 times.
#
#   bench/tune.sh BUILD_DIR [GAMES]     e.g. bench/tune.sh build-perf 1000000
#
# BUILD_DIR as for bench/run.sh (Release, -DRATEKIT_BUILD_BENCH=ON); data in BUILD_DIR/bench-data.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/tune.sh BUILD_DIR [GAMES]}" && pwd)
games=${2:-1000000}
source "$here/measure.sh"

cmake --build "$build" --target ratekit ratekit-generate -j2 >/dev/null
dir=$(games_dir "$games")
cp "$here/pipeline.yaml" "$dir/pipeline.yaml"

echo "## machine"
echo "nproc $(nproc); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "## games | run wall_s cpu_s peak_MB | tune (100 candidates) wall_s cpu_s peak_MB | ratio_wall ratio_cpu"
measure_median "$build/host/ratekit" run "$dir/pipeline.yaml" --out "$dir/out"
rw=$m_wall rc=$m_cpu rk=$m_kb
RUNS=${TUNE_RUNS:-3} measure_median "$build/host/ratekit" tune "$dir/pipeline.yaml" --out "$dir/tune" \
  --param k_schedule.1=5:50:5 --param xi=300:480:20
awk -v n="$games" -v rw="$rw" -v rc="$rc" -v rk="$rk" -v tw="$m_wall" -v tc="$m_cpu" -v tk="$m_kb" 'BEGIN {
  printf "%d | %s %s %.0f | %s %s %.0f | %.1f %.1f\n", n, rw, rc, rk / 1024, tw, tc, tk / 1024, tw / rw, tc / rc }'
