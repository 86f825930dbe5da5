#!/usr/bin/env bash
# ratekit against PlayerRatings (R) on monthly Elo, whole processes in pairs,
# for the PlayerRatings section of docs/performance.md.
#
#   bench/playerratings.sh BUILD_DIR [GAMES] [PAIRS]     default 1000000 games, 11 pairs
#
# BUILD_DIR must be configured with -DCMAKE_BUILD_TYPE=Release -DRATEKIT_BUILD_BENCH=ON;
# R needs PlayerRatings and data.table (see bench/peers/playerratings.R). Each
# pair runs ratekit (bench/pipeline.yaml, lean, by month) and then R on the same
# games, and prints both wall times and R / ratekit; then the median ratio and
# the largest difference between the two lists of ratings.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/playerratings.sh BUILD_DIR [GAMES] [PAIRS]}" && pwd)
games=${2:-1000000}
pairs=${3:-11}
source "$here/measure.sh"

Rscript -e 'library(PlayerRatings)' >/dev/null 2>&1 ||
  { echo "PlayerRatings is not installed for R: see bench/peers/playerratings.R" >&2; exit 1; }
cmake --build "$build" --target ratekit ratekit-generate -j2 >/dev/null

dir=$(games_dir "$games")
run=$dir/playerratings
mkdir -p "$run"
{ grep -v -e '^period:' -e '^output:' "$here/pipeline.yaml"; cat "$here/outputs/lean-month.yaml"; } >"$run/month.yaml"
ln -sf ../games.csv "$run/games.csv"

printf 'pair\tratekit_s\tR_s\tR/ratekit\n'
ratios=()
for ((i = 1; i <= pairs; i++)); do
  rm -rf "$run/out"
  measure "$build/host/ratekit" run "$run/month.yaml" --out "$run/out"
  ours=$m_wall
  measure Rscript "$here/peers/playerratings.R" "$run/games.csv" "$run/r.csv"
  ratio=$(awk -v a="$ours" -v b="$m_wall" 'BEGIN { printf "%.1f", b / a }')
  ratios+=("$ratio")
  printf '%d\t%s\t%s\t%s\n' "$i" "$ours" "$m_wall" "$ratio"
done
printf 'median R/ratekit: %s\n' "$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n "$((pairs / 2 + 1))p")"

# Both lists hold every player once and agree within 1e-9 (tests/test_playerratings.cpp's bound);
# the largest |difference| and how many are equal to the bit.
awk -F, 'FNR == 1 { next } NR == FNR { r[$1] = $2; next }
  !($1 in r) { extra++; next }
  { d = $2 - r[$1]; if (d < 0) d = -d; if (d > max) max = d; same += d == 0; n++; delete r[$1] }
  END { if (n == 0 || extra || length(r)) { print "the two lists name different players" > "/dev/stderr"; exit 1 }
        printf "ratings: %d players, largest difference %.2g, %.1f%% equal to the bit\n", n, max, 100 * same / n
        if (max > 1e-9) { print "the two disagree: the pairs compared different computations" > "/dev/stderr"; exit 1 } }' \
  "$run/r.csv" "$run/out/ratings.csv"
