#!/bin/sh
# persist.sh BINARY - --perf-model-dir round trip: the first run learns (tries the slow
# version), writes the model; the second run starts from it and never runs the slow one.
set -u
bin=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
out1=$(NX_ARGS="--smp-workers=2 --perf-model-dir=$dir" "$bin") || { echo "first run failed"; exit 1; }
out2=$(NX_ARGS="--smp-workers=2 --perf-model-dir=$dir" "$bin") || { echo "second run failed"; exit 1; }
echo "first run:  $out1"
echo "second run: $out2"
ls "$dir"/nanort-perf-*.txt >/dev/null 2>&1 || { echo "no model file written in $dir"; exit 1; }
slow1=${out1#slow=}; slow1=${slow1%% *}
slow2=${out2#slow=}; slow2=${slow2%% *}
[ "$slow1" -ge 1 ] || { echo "first run never tried the slow version"; exit 1; }
[ "$slow2" -eq 0 ] || { echo "second run tried the slow version $slow2 times despite the model"; exit 1; }
echo "ok"
