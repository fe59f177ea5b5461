#!/usr/bin/env bash
# Diagnostics scale with the input, not with its square: a pragma line with 4000 malformed
# clauses gets ONE error and one copy of the line (it got 4000 errors, each echoing the
# 32 KB line: 80 MB of output), and 2000 malformed pragmas get one error each, the file
# read once.  Not a timed test: the counts and the output size are checked; the time is
# bench/mcc/diag.sh's.
set -u
. tests/mcc/lib.sh
mcc_require
mcc=$(readlink -f "$MCC")
work=$(readlink -f "$BUILD")/tests/mcc/diag_scale
mkdir -p "$work"
cd "$work" || exit 1

{
  echo "int main(void) {"
  echo "    int x = 0;"
  printf '#pragma omp task'; for ((i = 0; i < 4000; i++)); do printf ' in(x y)'; done; echo
  echo "    x++;"
  echo "    return x;"
  echo "}"
} > one_line.c
"$mcc" --ompss -y one_line.c -o one_line.mcc.c > one_line.log 2>&1; st=$?
errors=$(grep -c ': error: ' one_line.log)
bytes=$(wc -c < one_line.log)
line=$(sed -n 3p one_line.c | wc -c)
echo "4000 bad clauses on one line: exit $st, $errors error(s), $bytes bytes of output (line: $line bytes)"
head -c 300 one_line.log; echo
[ "$st" = 1 ] || { echo "FAIL: exit status $st, expected 1"; exit 1; }
[ "$errors" = 1 ] || { echo "FAIL: $errors errors, expected one for the pragma"; exit 1; }
[ "$bytes" -le $((2 * line + 1024)) ] ||
  { echo "FAIL: $bytes bytes of diagnostics: the line is echoed more than once"; exit 1; }
grep -q "^one_line.c:3:23: error: expected ',' or ')' after data reference, found 'y'$" one_line.log ||
  { echo "FAIL: not the first clause's error"; exit 1; }

{
  echo "int main(void) {"
  echo "    int x = 0;"
  for ((i = 0; i < 2000; i++)); do echo "#pragma omp task in(x y)"; echo "    x++;"; done
  echo "    return x;"
  echo "}"
} > many_lines.c
"$mcc" --ompss -y many_lines.c -o many_lines.mcc.c > many_lines.log 2>&1; st=$?
errors=$(grep -c ': error: ' many_lines.log)
echo "2000 bad pragmas: exit $st, $errors errors"
[ "$st" = 1 ] || { echo "FAIL: exit status $st, expected 1"; exit 1; }
[ "$errors" = 2000 ] || { echo "FAIL: $errors errors, expected one per pragma (2000)"; exit 1; }
exit 0
