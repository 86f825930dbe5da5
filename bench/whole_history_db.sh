#!/bin/sh
# An incremental whole-history run against a full one (docs/performance.md, "Whole-history runs into the
# database"): the international football results 1872-2024 recorded into a SQLite database, then 2025's
# games added (`ratekit run --input`, warm-started from the recorded fit), against one run over all of them
# from scratch. CPU time (user + sys) of whole processes: the machine is shared.
#   bench/whole_history_db.sh BUILD_DIR [MODEL] [PARAMS]
# MODEL: ttt (default) or whr; PARAMS: the model's params as a YAML map, in the place of the defaults below
# (e.g. '{ sigma: 1, gamma: 0.1, p_draw: 0.25, epsilon: 0.000001, iterations: 1000 }', where ttt converges).
set -e
build=$(cd "$1" && pwd)
model=${2:-ttt}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv=$here/data/football/international_results_1872_2025.csv
head -1 "$csv" > "$tmp/old.csv"
cp "$tmp/old.csv" "$tmp/new.csv"
awk -F, 'NR > 1 && $1 < "2025-01-01"' "$csv" >> "$tmp/old.csv"
awk -F, 'NR > 1 && $1 >= "2025-01-01"' "$csv" >> "$tmp/new.csv"
case $model in
  ttt) params="{ p_draw: 0.25, gamma: 0.03, epsilon: 0.000001, iterations: 1000 }" ;;
  whr) params="{ w2: 300, epsilon: 0.0001, iterations: 10000 }" ;;
esac
params=${3:-$params}
for c in full db; do
  printf 'competition: football\nmodel: %s\nparams: %s\ninput: { format: games-csv }\nperiod: month\n' \
    "$model" "$params" > "$tmp/$c.yaml"
done
echo "output: { history: true }" >> "$tmp/full.yaml"
echo "output: { history: true, database: h.db }" >> "$tmp/db.yaml"
timed() {  # label, then the command: its CPU seconds and the sweeps summary.json counts
  label=$1
  shift
  /usr/bin/time -f "%U %S %e %M" -o "$tmp/time" "$@" > /dev/null 2>&1
  set -- $(cat "$tmp/time")
  sweeps=$(sed -n 's/.*"sweeps": \([0-9]*\).*/\1/p' "$tmp/out/summary.json" | head -1)
  echo "$label: $(echo "$1 + $2" | bc) s CPU, $3 s wall, $4 kB peak, $sweeps sweeps"
}
timed "full run, 1872-2025, cold" "$build/host/ratekit" run "$tmp/full.yaml" --input "$tmp/old.csv" --input "$tmp/new.csv" --out "$tmp/out"
timed "first run into the database, 1872-2024" "$build/host/ratekit" run "$tmp/db.yaml" --input "$tmp/old.csv" --out "$tmp/out"
timed "incremental run, 2025 added" "$build/host/ratekit" run "$tmp/db.yaml" --input "$tmp/new.csv" --out "$tmp/out"
