#!/usr/bin/env bash
# whr against the Python whole-history-rating port, whole processes, for the
# Whole-History Rating section of docs/performance.md.
#
#   bench/whr.sh BUILD_DIR PORT_DIR [PAIRS]     default 3 pairs
#
# BUILD_DIR must be configured with -DCMAKE_BUILD_TYPE=Release -DRATEKIT_BUILD_BENCH=ON;
# PORT_DIR is a checkout of the port (tests/reference/whr_reference.py says
# which). Generates two seeded histories of duels without draws
# (tests/reference/whr_history.py): 20,000 games among 1,000 players over ten
# years, run by both, each until no rating moves by more than 1e-4 Elo in a
# sweep; then the ATP-size one, 447,000 games among 19,000 players over fifty
# years, by ratekit alone (the port would take about an hour). Prints
# each run's own line, then /usr/bin/time's wall and CPU seconds and peak RSS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/whr.sh BUILD_DIR PORT_DIR [PAIRS]}" && pwd)
port=$(cd "${2:?usage: bench/whr.sh BUILD_DIR PORT_DIR [PAIRS]}" && pwd)
pairs=${3:-3}
python=/usr/bin/python3
data="$build/bench-data/whr"
mkdir -p "$data"
cmake --build "$build" --target ratekit-whr-bench -j2 >/dev/null

generate() {  # seed players games years file
  [[ -f $5 ]] || (cd "$here/../tests/reference" &&
    "$python" -c "import whr_history as h; h.write_csv('$5', h.generate($1, $2, $3, $4, draw_rate=0.0))")
}
timed() { /usr/bin/time -f "wall_s %e cpu_s %U+%S peak_kb %M" "$@" 2>&1; }

generate 2 1000 20000 10 "$data/small.csv"
generate 1 19000 447000 50 "$data/atp.csv"
for ((i = 1; i <= pairs; i++)); do
  echo "pair $i, 20,000 games:"
  timed "$build/bench/ratekit-whr-bench" "$data/small.csv" 1e-4
  PYTHONPATH="$port" timed "$python" "$here/whr_port.py" "$data/small.csv" 1e-4
done
echo "447,000 games:"
timed "$build/bench/ratekit-whr-bench" "$data/atp.csv" 1e-4
