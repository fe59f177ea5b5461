#!/usr/bin/env bash
# Round-trip system headers through mcc (issue 3, "Tests").
#
#   tests/mcc/headers/walk.sh [--all | --sample N] [ROOT]      (from the repository root)
#
# Walks every *.h under ROOT (default /usr/include), recursively.  For each header H:
#   1. `#include <H>` alone in a file must pass `gcc -fsyntax-only -x c`; headers gcc itself
#      rejects (C++ headers, headers that need another one first, ...) are skipped and counted;
#   2. `mcc -y t.c -o t.mcc.c` must succeed and its output must be byte-identical to the
#      preprocessed input (the same gcc -E the driver runs: tests/mcc/lib.sh);
#   3. the output must compile again (gcc -fsyntax-only).
# --sample N checks a fixed, deterministic sample of about N headers (every k-th of the sorted
# list) instead of all.  Two jobs at a time (xargs -P2).  Prints the counts; exits 1 if any
# header failed, 77 when mcc has not been built.  A failing header keeps its work folder
# (build/tests/mcc/headers/work/...) with t.c, the expected t.i and mcc's t.mcc.c or log.
set -u
. tests/mcc/lib.sh

if [ "${1:-}" = "--one" ]; then        # worker: check the headers given as arguments
  shift
  for h in "$@"; do
    w=$BUILD/tests/mcc/headers/work/$(echo "$h" | tr '/' '_')
    rm -rf "$w" && mkdir -p "$w"
    printf '#include <%s>\n' "$h" > "$w/t.c"
    if ! gcc -fsyntax-only -x c "$w/t.c" > /dev/null 2>&1; then
      echo "REJECTED $h"; rm -rf "$w"; continue
    fi
    if ! "$MCC" -y "$w/t.c" -o "$w/t.mcc.c" > "$w/mcc.log" 2>&1; then
      echo "FAIL $h: mcc -y exit status $? ($(grep -m1 -E 'error|rror:' "$w/mcc.log"))"; continue
    fi
    mcc_preprocess "$w/t.c" "$w/t.i" 2> /dev/null
    if ! cmp -s "$w/t.i" "$w/t.mcc.c"; then
      echo "FAIL $h: output differs from the preprocessed input ($(cmp "$w/t.i" "$w/t.mcc.c" 2>&1 | head -n 1))"
      continue
    fi
    if ! gcc -fsyntax-only -x c "$w/t.mcc.c" > "$w/cc.log" 2>&1; then
      echo "FAIL $h: the output does not compile ($(grep -m1 error "$w/cc.log"))"; continue
    fi
    echo "PASS $h"; rm -rf "$w"
  done
  exit 0
fi

mode=all; want=0
case "${1:-}" in
  --all) shift ;;
  --sample) mode=sample; want=$2; shift 2 ;;
esac
root=${1:-/usr/include}
mcc_require
export BUILD MCC
rm -rf "$BUILD/tests/mcc/headers/work" && mkdir -p "$BUILD/tests/mcc/headers"
list=$BUILD/tests/mcc/headers/list.txt
(cd "$root" && find . -name '*.h' \( -type f -o -type l \) | sed 's|^\./||' | LC_ALL=C sort) > "$list"
total=$(wc -l < "$list")
if [ "$mode" = sample ] && [ "$want" -lt "$total" ]; then
  step=$(( (total + want - 1) / want ))
  awk -v k="$step" 'NR % k == 1' "$list" > "$list.sample" && mv "$list.sample" "$list"
fi
log=$BUILD/tests/mcc/headers/results.txt
start=$(date +%s)
xargs -P2 -n 25 "$0" --one < "$list" > "$log"
rejected=$(grep -c '^REJECTED' "$log")
passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
grep '^FAIL' "$log" | head -n 50
echo "headers under $root: $(wc -l < "$list") walked ($mode) of $total," \
     "$rejected rejected by gcc alone (skipped), $((passed + failed)) accepted by gcc:" \
     "$passed passed, $failed failed ($(( $(date +%s) - start ))s)"
[ "$failed" = 0 ] && [ $((passed + failed)) -gt 0 ]
