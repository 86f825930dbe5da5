#!/usr/bin/env bash
# ratekit against openskill.js on 5v5 team matches, whole processes in pairs,
# for the openskill section of docs/performance.md.
#
#   bench/openskill.sh BUILD_DIR [MATCHES] [PAIRS]     default 200000 matches, 5 pairs
#   HISTORY=false bench/openskill.sh BUILD_DIR ...      the same without history.csv
#
# BUILD_DIR holds a Release build of ratekit and its plugins (it is not built
# here); node needs openskill 5.0.1: (cd bench/peers && npm ci). The matches
# are scripts/generate-team-example.py's 5v5 matches (MATCHES/20 players,
# draws, no substitutes: openskill 5.0.1 ignores weights), written once to
# BUILD_DIR/bench-data/teams-MATCHES/matches.csv. Each pair runs `ratekit run`
# (weng-lin, plackett-luce, one period per match, history.csv on as by
# default) and then node with openskill's plackettLuce `rate`
# (bench/peers/openskill_teams.js) on the same file, and prints both wall
# times (with CPU time and peak memory) and node / ratekit by wall time; then the median ratio, and every player's final
# mu and sigma compared: the run fails unless all agree within 1e-9.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: bench/openskill.sh BUILD_DIR [MATCHES] [PAIRS]}" && pwd)
matches=${2:-200000}
pairs=${3:-5}
source "$here/measure.sh"

[ -x "$build/host/ratekit" ] || { echo "no $build/host/ratekit: build ratekit (Release) first" >&2; exit 1; }
(cd "$here/peers" && node -e 'require("openskill")') >/dev/null 2>&1 ||
  { echo "openskill is not installed: (cd bench/peers && npm ci)" >&2; exit 1; }

run=$data/teams-$matches
mkdir -p "$run"
[ -s "$run/matches.csv" ] ||
  python3 "$here/../scripts/generate-team-example.py" --matches "$matches" --players $((matches / 20 > 11 ? matches / 20 : 11)) \
    --whole >"$run/matches.csv"
cat >"$run/weng-lin.yaml" <<'EOF'
competition: openskill-bench
model: weng-lin
params: { variant: plackett-luce }
input: { format: team-csv, path: matches.csv }
period: event
EOF
echo "output: { history: ${HISTORY:-true} }" >>"$run/weng-lin.yaml"

printf 'pair\tratekit_s\tcpu_s\tpeak_MB\tnode_s\tcpu_s\tpeak_MB\tnode/ratekit\n'
ratios=()
for ((i = 1; i <= pairs; i++)); do
  rm -rf "$run/out"
  measure "$build/host/ratekit" run "$run/weng-lin.yaml" --out "$run/out"
  ours=$m_wall ours_cpu=$m_cpu ours_mb=$((m_kb / 1024))
  measure node "$here/peers/openskill_teams.js" "$run/matches.csv" "$run/openskill.csv"
  ratio=$(awk -v a="$ours" -v b="$m_wall" 'BEGIN { printf "%.1f", b / a }')
  ratios+=("$ratio")
  printf '%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$ours" "$ours_cpu" "$ours_mb" "$m_wall" "$m_cpu" "$((m_kb / 1024))" "$ratio"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | sed -n "$((pairs / 2 + 1))p")
printf 'median node/ratekit: %s (%s)\n' "$median" \
  "$(awk -v m="$median" 'BEGIN { print (m >= 10 ? "at least 10x" : "under 10x") }')"

# Both lists hold every player once; mu and sigma agree within 1e-9 (the
# plugin follows openskill.js to the bit on unweighted matches).
awk -F, 'FNR == 1 { next } NR == FNR { mu[$1] = $2; sigma[$1] = $3; next }
  !($1 in mu) { extra++; next }
  { d = $2 - mu[$1]; if (d < 0) d = -d; e = $3 - sigma[$1]; if (e < 0) e = -e; if (e > d) d = e
    if (d > max) max = d; same += $2 == mu[$1] && $3 == sigma[$1]; n++; delete mu[$1] }
  END { if (n == 0 || extra || length(mu)) { print "the two lists name different players" > "/dev/stderr"; exit 1 }
        printf "ratings: %d players, largest difference %.2g, %.1f%% equal to the bit\n", n, max, 100 * same / n
        if (max > 1e-9) { print "the two disagree: the pairs compared different computations" > "/dev/stderr"; exit 1 } }' \
  "$run/openskill.csv" "$run/out/ratings.csv"
