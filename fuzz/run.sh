#!/bin/sh
# Builds the libFuzzer targets (clang, ASan + UBSan) in build-fuzz and runs each
# for SECONDS (default 60), from a corpus seeded with the project's own configs
# and data. Prints one line of figures per target; crashes land in
# build-fuzz/findings/ and make the script exit non-zero.
#   fuzz/run.sh [SECONDS] [TARGET...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"fuzz_config fuzz_games_csv fuzz_standings_csv fuzz_team_csv fuzz_trf fuzz_egd fuzz_nfl_csv fuzz_codeforces_standings fuzz_ratings_list fuzz_serve_query fuzz_eval_flags fuzz_priors fuzz_database fuzz_memory_frames"}
build=$root/build-fuzz

CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DRATEKIT_FUZZ=ON -DRATEKIT_BUILD_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j2 --target $targets >/dev/null

# Seeds: small files, or the first max_len bytes of big ones.
seeds() {
  case $1 in
    fuzz_config) echo "$root"/configs/*.yaml "$root"/tests/bad_input/*/config.yaml "$root"/fuzz/seeds/config/* ;;
    fuzz_games_csv) echo "$root"/data/football/world_cup_1930_2022.csv "$root"/tests/data/readers/*.csv "$root"/tests/bad_input/*/games.csv ;;
    fuzz_standings_csv) echo "$root"/data/scrabble/*.csv "$root"/tests/data/readers/standings_*.csv "$root"/tests/bad_input/*/standings.csv ;;
    fuzz_team_csv) echo "$root"/data/teams/*-generated.csv "$root"/tests/bad_input/*/matches.csv ;;
    fuzz_trf) echo "$root"/data/chess-trf/*.trf ;;
    fuzz_egd) echo "$root"/fuzz/seeds/egd/* ;;
    fuzz_nfl_csv) echo "$root"/data/nfl/*.csv ;;
    fuzz_codeforces_standings) echo "$root"/data/codeforces/*.csv ;;
    fuzz_ratings_list) echo "$root"/fuzz/seeds/ratings_list/* ;;
    fuzz_serve_query) echo "$root"/fuzz/seeds/serve_query/* ;;
    fuzz_eval_flags) echo "$root"/fuzz/seeds/eval_flags/* ;;
    fuzz_priors) echo "$root"/tests/data/ttt/priors-list.csv "$root"/tests/bad_input/whole_history_prior_deviation/*.csv \
      "$root"/fuzz/seeds/ratings_list/* ;;
    fuzz_database) echo "$root"/fuzz/seeds/database/*.db ;;
    fuzz_memory_frames) echo "$root"/fuzz/seeds/memory_frames/* ;;
  esac
}

status=0
mkdir -p "$build/findings" "$build/logs"
printf '%-28s %10s %8s %6s %6s %7s %s\n' target execs exec/s cov ft corpus findings
for t in $targets; do
  corpus=$build/corpus/$t
  mkdir -p "$corpus"
  n=0
  # A database of a few runs is tens of pages: its seeds are whole.
  max_len=16384
  [ "$t" = fuzz_database ] && max_len=65536
  for f in $(seeds "$t"); do
    [ -f "$f" ] || continue
    n=$((n + 1))
    head -c "$max_len" "$f" >"$corpus/seed-$n"
  done
  log=$build/logs/$t.log
  (cd "$build/findings" && "$build/fuzz/$t" "$corpus" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$build/findings/$t-" >"$log" 2>&1) || status=1
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  findings=$(find "$build/findings" -name "$t-*" | wc -l)
  printf '%-28s %10s %8s %6s %6s %7s %s\n' "$t" "${execs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" \
    "$(find "$corpus" -type f | wc -l)" "$findings"
done
exit $status
