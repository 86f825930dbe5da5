#!/usr/bin/env bash
# Times every output set of bench/outputs/ against the bare loop, for the
# "Every output on" table and plot of docs/performance.md.
#
#   bench/outputs.sh BUILD_DIR [SIZES...]     default sizes 1000000 5000000 20000000
#
# BUILD_DIR must be configured with -DCMAKE_BUILD_TYPE=Release -DRATEKIT_BUILD_BENCH=ON.
# Each config is bench/pipeline.yaml with its `period` and `output` replaced by
# the set's. Prints one TSV line per set and size, also kept in
# BUILD_DIR/bench-data/outputs.tsv for bench/plot.py. Each figure is the run of
# median wall time out of RUNS (default 3 below 5 million games, 1 from there:
# 20 million games with history write 4.6 GB, which is deleted after each run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/outputs.sh BUILD_DIR [SIZES...]}" && pwd)
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000000 5000000 20000000)
sets=(${SETS:-lean history database report all lean-month database-month})
source "$here/measure.sh"
tsv="$data/outputs.tsv"

cmake --build "$build" --target ratekit ratekit-generate ratekit-bare-loop -j2 >/dev/null

# A run into a database holding the same input would skip its periods: every run starts clean.
before_run() { rm -rf "$run/out" "$run/history.db"; }

printf 'set\tperiod\tgames\twall_s\tcpu_s\tpeak_MB\tgames_per_s\tbare_wall_s\tbare_peak_MB\tratio\n' | tee "$tsv"
for n in "${sizes[@]}"; do
  runs=${RUNS:-$([ "$n" -lt 5000000 ] && echo 3 || echo 1)}
  dir=$(games_dir "$n")
  run=$dir/bare
  mkdir -p "$run"
  RUNS=$runs measure_median "$build/bench/ratekit-bare-loop" "$dir/games.csv" 20 "$run/bare.csv"
  bw=$m_wall bk=$m_kb
  for set in "${sets[@]}"; do
    run=$dir/$set
    mkdir -p "$run"
    { grep -v -e '^period:' -e '^output:' "$here/pipeline.yaml"; cat "$here/outputs/$set.yaml"; } >"$run/pipeline.yaml"
    ln -sf ../games.csv "$run/games.csv"
    RUNS=$runs measure_median "$build/host/ratekit" run "$run/pipeline.yaml" --out "$run/out"
    before_run
    awk -v set="${set%-month}" -v period="$(sed -n 's/^period: *//p' "$run/pipeline.yaml")" -v n="$n" \
      -v w="$m_wall" -v c="$m_cpu" -v k="$m_kb" -v bw="$bw" -v bk="$bk" 'BEGIN {
      printf "%s\t%s\t%d\t%s\t%s\t%.0f\t%.0f\t%s\t%.0f\t%.2f\n", set, period, n, w, c, k / 1024, n / w, bw, bk / 1024, w / bw }' |
      tee -a "$tsv"
  done
done
