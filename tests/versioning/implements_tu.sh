#!/bin/sh
# implements_tu.sh - a task whose implements() version is defined in another unit (both
# include the header that declares them): the runtime keeps one model of each version.
# It kept two of (fill, fill_unrolled, smp), one per unit that compiled the version, wrote
# both to --perf-model-dir, and the next run dropped one as a duplicate with a warning.
# Checks: the same sum as gcc's sequential build, one model record per (task, version,
# device, size class), a second run that warns about nothing, --summary rows not doubled.
# Environment: BUILD, MCC.
set -u
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
src=tests/versioning/implements_tu
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
gcc -O2 -w "$src/main.c" "$src/version.c" -o "$tmp/seq" || fail "gcc"
"$MCC" --ompss -O2 -Wall -Wextra -c "$src/version.c" -o "$tmp/version.o" || fail "mcc version.c"
"$MCC" --ompss -O2 -Wall -Wextra "$src/main.c" "$tmp/version.o" -o "$tmp/par" || fail "mcc main.c"
want=$("$tmp/seq")
for run in 1 2; do
  NX_ARGS="--smp-workers=2 --perf-model-dir=$tmp --summary" "$tmp/par" > "$tmp/out$run" \
    2> "$tmp/err$run" || { cat "$tmp/err$run"; fail "run $run failed"; }
  [ "$(cat "$tmp/out$run")" = "$want" ] || fail "run $run printed $(cat "$tmp/out$run"), not $want"
done
cat "$tmp/err2"
grep -q warning "$tmp/err1" "$tmp/err2" && fail "a run warned"
model=$(ls "$tmp"/nanort-perf-*.txt) || fail "no model file"
cat "$model"
dups=$(awk -F'\t' 'NR > 1 { print $1, $2, $3, $4 }' "$model" | sort | uniq -d)
[ -z "$dups" ] || fail "records twice in the model: $dups"
grep -c fill_unrolled "$model" | grep -qx 0 && fail "no record of fill_unrolled"
rows=$(awk '/versioning model/ { exit } / fill_unrolled / { n++ } END { print n + 0 }' "$tmp/err2")
[ "$rows" -le 1 ] || fail "--summary lists fill_unrolled on $rows rows"
echo ok
