#!/bin/sh
# A compiler launcher that records each compile's CPU time (user + sys seconds)
# and its output file in $RATEKIT_TU_LOG: on a loaded machine a translation
# unit's wall time says little, its CPU time is what a quiet machine would pay.
#   cmake -S . -B b -DCMAKE_CXX_COMPILER_LAUNCHER=$PWD/bench/cpu-time-launcher.sh
#   RATEKIT_TU_LOG=$PWD/tu.log cmake --build b -j2 && sort -rn tu.log | head
log=${RATEKIT_TU_LOG:-/dev/null}
out=-
prev=
for arg in "$@"; do
  [ "$prev" = -o ] && out=$arg
  prev=$arg
done
exec /usr/bin/time -a -o "$log" -f "%U %S $out" "$@"
