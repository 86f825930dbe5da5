#!/usr/bin/env bash
# ttt against the trueskillthroughtime package, whole processes, and ttt alone on
# an ATP-sized history, for the ttt section of docs/performance.md.
#
#   TTT_PACKAGE=DIR bench/ttt.sh BUILD_DIR [GAMES] [SWEEPS]   default 20000 games, 10 sweeps
#
# BUILD_DIR holds a Release build with -DRATEKIT_BUILD_BENCH=ON (bench/ratekit-ttt-sweep;
# nothing is built here). DIR is a checkout of the package (Python, no dependencies):
#   git clone https://github.com/glandfried/TrueSkillThroughTime.py DIR   (1.1.0: commit 614e8f7)
# It runs with Debian's /usr/bin/python3.
#
# 1. GAMES duels among GAMES/20 players over 5 years (bench/ttt_history.py): ratekit's
#    ratekit-ttt-sweep and the package's bench/ttt_package.py, each its construction (the
#    first forward pass) and SWEEPS sweeps, as whole processes; wall and CPU time, peak
#    memory, the ratio; then every match's first player's estimate compared (within 1e-6).
# 2. 447,000 duels among 19,000 players over 50 years (the ATP's size): ratekit alone,
#    SWEEPS sweeps, each timed; the package would take about 23 minutes for 10 sweeps there
#    on its authors' machine (issue 48), and is not run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: TTT_PACKAGE=DIR bench/ttt.sh BUILD_DIR [GAMES] [SWEEPS]}" && pwd)
games=${2:-20000}
sweeps=${3:-10}
source "$here/measure.sh"
package=${TTT_PACKAGE:?set TTT_PACKAGE to a checkout of TrueSkillThroughTime.py}
sweep="$build/bench/ratekit-ttt-sweep"
[ -x "$sweep" ] || { echo "no $sweep: configure with -DRATEKIT_BUILD_BENCH=ON and build" >&2; exit 1; }

small=$data/ttt-$games.csv
[ -s "$small" ] || /usr/bin/python3 "$here/ttt_history.py" "$games" $((games / 20)) 5 >"$small"
measure "$sweep" "$small" "$sweeps" "$data/ttt-ours.csv"
ours=$m_wall ours_cpu=$m_cpu ours_mb=$((m_kb / 1024))
tail -1 "$data/last.log"
PYTHONPATH=$package measure /usr/bin/python3 "$here/ttt_package.py" "$small" "$sweeps" "$data/ttt-package.csv"
tail -1 "$data/last.log"
printf 'games\tsweeps\tratekit_s\tcpu_s\tpeak_MB\tpackage_s\tcpu_s\tpeak_MB\tpackage/ratekit\n'
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$games" "$sweeps" "$ours" "$ours_cpu" "$ours_mb" "$m_wall" "$m_cpu" \
  "$((m_kb / 1024))" "$(awk -v a="$ours" -v b="$m_wall" 'BEGIN { printf "%.0f", b / a }')"
awk -F, 'FNR == 1 { next } NR == FNR { mu[$1] = $2; sd[$1] = $3; next }
  { d = $2 - mu[$1]; if (d < 0) d = -d; e = $3 - sd[$1]; if (e < 0) e = -e; if (e > d) d = e; if (d > max) max = d; n++ }
  END { printf "estimates: %d matches, largest difference %.2g\n", n, max
        if (max > 1e-6) { print "ratekit and the package disagree" > "/dev/stderr"; exit 1 } }' \
  "$data/ttt-package.csv" "$data/ttt-ours.csv"

atp=$data/ttt-atp.csv
[ -s "$atp" ] || /usr/bin/python3 "$here/ttt_history.py" 447000 19000 50 >"$atp"
measure "$sweep" "$atp" "$sweeps"
cat "$data/last.log"
echo "ATP size: wall $m_wall s, CPU $m_cpu s, peak $((m_kb / 1024)) MB (reading the CSV included)"
