#!/bin/sh
# Every file every shipped config writes, by its SHA-256, against the list in
# tests/outputs/digests.txt: a change that must not change what ratekit writes
# (moving code, a faster formatter) proves it here, byte for byte.
#   outputs_unchanged.sh RATEKIT SOURCE_DIR           compare
#   outputs_unchanged.sh RATEKIT SOURCE_DIR --update  rewrite the list after a deliberate change
set -eu
ratekit=$1 source=$2 list=$2/tests/outputs/digests.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The examples run in a copy, since their configs write beside themselves.
cp -R "$source/examples" "$work/examples"
run() {  # config, output name
  if ! "$ratekit" run "$1" --out "$work/out/$2" >"$work/log" 2>&1; then
    echo "ratekit run $1 failed:"; cat "$work/log"; exit 1
  fi
}
for config in "$source"/configs/*.yaml; do run "$config" "$(basename "$config" .yaml)"; done
run "$work/examples/lichess/lichess.yaml" lichess
run "$work/examples/history-database/january.yaml" history-database-january
run "$work/examples/history-database/february.yaml" history-database-february

(cd "$work/out" && find . -type f | LC_ALL=C sort | xargs sha256sum) >"$work/digests"
if [ "${3:-}" = --update ]; then
  cp "$work/digests" "$list"
  echo "wrote $(wc -l <"$list") digests to $list"
  exit 0
fi
if ! diff -u "$list" "$work/digests" >"$work/diff"; then
  echo "outputs differ from $list (- expected, + written now):"
  grep '^[-+][0-9a-f]' "$work/diff"
  echo "If the change is deliberate: $0 $ratekit $source --update"
  exit 1
fi
echo "$(wc -l <"$list") output files unchanged"
