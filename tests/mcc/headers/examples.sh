#!/usr/bin/env bash
# Real C programs round-trip through mcc: every example program Debian's -dev packages install
# under /usr/share/doc/*/examples that gcc compiles alone (gcc -fsyntax-only; the others are
# skipped and counted) goes through tests/mcc/roundtrip/run.sh (mcc -y byte-identical to the
# preprocessed input, and compiles again).
#
#   tests/mcc/headers/examples.sh [DIR]       (from the repository root; default /usr/share/doc)
# Exit 0 when all pass, 1 when one fails, 77 when mcc has not been built or there is none.
set -u
. tests/mcc/lib.sh
mcc_require
root=${1:-/usr/share/doc}
accepted=0; rejected=0; failed=0
mkdir -p "$BUILD/tests"
for f in $(find "$root" -path '*/examples/*' -name '*.c' 2> /dev/null | LC_ALL=C sort); do
  if ! gcc -fsyntax-only -w "$f" > /dev/null 2>&1; then rejected=$((rejected + 1)); continue; fi
  accepted=$((accepted + 1))
  tests/mcc/roundtrip/run.sh "$f" > "$BUILD/tests/examples.log" 2>&1 ||
    { failed=$((failed + 1)); echo "FAIL $f"; tail -n 5 "$BUILD/tests/examples.log"; }
done
echo "examples under $root: $accepted accepted by gcc, $rejected rejected (skipped)," \
     "$((accepted - failed)) passed, $failed failed"
[ $accepted -gt 0 ] || { echo "skipped: no example program found"; exit 77; }
[ $failed = 0 ]
