#!/usr/bin/env bash
# implements across translation units: each .c built separately with `mcc --ompss -c`,
# linked by mcc, run under 1, 2, 4 workers with the default dispatch and round-robin.
set -u
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
src=tests/mcc/lower/implements_tu
work=$(readlink -f "$BUILD")/tests/mcc/lower/implements_tu
mkdir -p "$work"
rm -f "$work"/*.o "$work/prog"
for f in main scale scale_other; do
  "$mcc" --ompss -O1 -c "$src/$f.c" -o "$work/$f.o" || { echo "mcc -c $f.c failed"; exit 1; }
done
"$mcc" --ompss "$work"/main.o "$work"/scale.o "$work"/scale_other.o -o "$work/prog" ||
  { echo "link failed"; exit 1; }
for w in 1 2 4; do
  for d in "" "--dispatch=round-robin"; do
    echo "== --smp-workers=$w $d"
    NX_ARGS="--smp-workers=$w $d" timeout 120 "$work/prog" || { echo "failed (124: timed out)"; exit 1; }
  done
done
