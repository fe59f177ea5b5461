#!/bin/sh
# scripts/mcc-snapshot.sh OUTDIR [MCC]: the C that mcc -y generates for every program under
# tests/ and samples/ (.c and .cl; .c files that mention CUDA also with --cuda, which writes
# the .cu stub too), with mcc's messages and exit status, one file per input under OUTDIR.
# For refactorings of mcc that must keep the output identical: take a snapshot before,
# one after, and `diff -r` them (any difference is a change of behaviour to explain).
set -u
out=${1:?usage: scripts/mcc-snapshot.sh OUTDIR [MCC]}
mcc=$(cd "$(dirname "${2:-build/bin/mcc}")" && pwd)/$(basename "${2:-build/bin/mcc}")
root=$(pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mcc-snapshot.XXXXXX")
trap 'rm -rf "$work"' EXIT
# the folders of the test headers (ompss_check.h, oclt.h, ...) after the program's own
extra=$(find tests -name '*.h' | xargs -n1 dirname | LC_ALL=C sort -u | sed "s#^#-I$root/#" | tr '\n' ' ')
find tests samples \( -name '*.c' -o -name '*.cl' \) -type f | LC_ALL=C sort | while read -r f; do
    dir=$(dirname "$f")
    key=$(printf '%s' "$f" | tr '/' '_')
    for mode in plain cuda; do
        opts=
        if [ $mode = cuda ]; then
            grep -qi cuda "$f" || continue
            opts=--cuda
        fi
        rm -rf "$work"/* && mkdir -p "$work/o"
        (cd "$work/o" && "$mcc" $opts -y -I"$root/$dir" -I"$root/$dir/include" -I"$root/include" -I"$root/nanort" $extra \
            -o out.c "$root/$f" >"$work/msg" 2>&1; echo "exit $?" >>"$work/msg")
        sed "s#$root/##g; s#$work/##g; s#/tmp/mcc-[A-Za-z0-9]*/#TMP/#g" "$work/msg" >"$out/$key.$mode.msg"
        for g in "$work"/o/*; do
            [ -f "$g" ] || continue
            sed "s#$root/##g; s#$work/##g; s#/tmp/mcc-[A-Za-z0-9]*/#TMP/#g" "$g" >"$out/$key.$mode.$(basename "$g")"
        done
    done
done
