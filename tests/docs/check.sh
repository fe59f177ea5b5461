#!/usr/bin/env bash
# tests/docs/check.sh MODE - the documentation that ships stays true.
#
#   man        the man pages parse without a groff warning and render with man -l; every
#              option NX_ARGS=--help lists is in nanort(7), every option mcc --help lists
#              in mcc(1), so pages and programs cannot drift apart
#   links      README.md and docs/*.md: every relative link leads to a file, and no page
#              points at documents users do not have (the team's notes)
#   examples   every complete C program in docs/*.md (a ```c block with main) builds with
#              mcc and runs correctly (exit 0) on 2 workers
# Environment: BUILD (default build), MCC (default $BUILD/bin/mcc).
set -u
mode=$1
BUILD=${BUILD:-build}
MCC=${MCC:-$BUILD/bin/mcc}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
pages="docs/man/mcc.1 docs/man/nanort.7 docs/man/nanort-perfmodel.1"

case "$mode" in
man)
  command -v groff > /dev/null || { echo "skipped: groff is not installed"; exit 77; }
  for p in $pages; do
    [ -f "$p" ] || fail "no $p"
    groff -man -Tutf8 -ww -z "$p" 2> "$tmp/warn" || fail "groff failed on $p"
    [ -s "$tmp/warn" ] && { cat "$tmp/warn"; fail "groff warns about $p"; }
    if command -v man > /dev/null; then
      MANWIDTH=80 man -l "$p" > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/err"; fail "man -l $p"; }
      grep -q "^NAME" "$tmp/out" && grep -q "^SYNOPSIS\|^DESCRIPTION" "$tmp/out" \
        || fail "man -l $p rendered no NAME/DESCRIPTION"
    fi
  done
  # every runtime option, also of plugins a program lacks (the help lists them too)
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  printf '#include <omp.h>\nint main(void) { return omp_get_num_threads() < 1; }\n' > "$tmp/p.c"
  "$MCC" "$tmp/p.c" -o "$tmp/p" || fail "mcc"
  NX_ARGS=--help "$tmp/p" > "$tmp/help" || fail "--help"
  sed 's/\\-/-/g; s/\\f[BIRP]//g' docs/man/nanort.7 > "$tmp/nanort.txt"
  n=0
  for o in $(sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p' "$tmp/help"); do
    n=$((n + 1))
    grep -q -- "$o\b" "$tmp/nanort.txt" || fail "nanort(7) does not describe $o"
  done
  [ $n -ge 20 ] || fail "only $n options in --help?"
  "$MCC" --help > "$tmp/mcchelp" || fail "mcc --help"
  sed 's/\\-/-/g; s/\\f[BIRP]//g' docs/man/mcc.1 > "$tmp/mcc.txt"
  m=0
  for o in $(sed -n 's/^  \(-[-a-zA-Z0-9]*\).*/\1/p' "$tmp/mcchelp"); do
    m=$((m + 1))
    grep -q -- "${o%,}" "$tmp/mcc.txt" || fail "mcc(1) does not describe $o"
  done
  [ $m -ge 15 ] || fail "only $m options in mcc --help?"
  echo "ok: 3 pages parse and render; nanort(7) has all $n runtime options, mcc(1) all $m of mcc's" ;;
links)
  bad=0
  for f in README.md docs/*.md; do
    dir=$(dirname "$f")
    for l in $(grep -o '](\([^)#]*\)[)#]' "$f" | sed 's/^](//; s/[)#]$//' | grep -v '^[a-z]*:' | sort -u); do
      [ -e "$dir/$l" ] || { echo "$f: link to $l, which does not exist"; bad=1; }
    done
    if grep -n 'OMPSS\.md\|DESIGN\.md\|STYLE\.md\|/work/\|team-only' "$f"; then
      echo "$f: points at the team's notes, which users do not have"; bad=1
    fi
  done
  [ $bad = 0 ] || fail "broken links"
  echo "ok: the links of README.md and docs/*.md lead somewhere" ;;
examples)
  [ -x "$MCC" ] || { echo "skipped: $MCC has not been built"; exit 77; }
  python3 - "$tmp" docs/*.md <<'PY' || exit 1
import re, sys
tmp, files = sys.argv[1], sys.argv[2:]
n = 0
for f in files:
    for k, block in enumerate(re.findall(r"```c\n(.*?)```", open(f).read(), re.S)):
        if "int main" in block:
            name = "%s/%s_%d.c" % (tmp, f.replace("/", "_")[:-3], k)
            open(name, "w").write(block)
            n += 1
print(n)
open(tmp + "/count", "w").write(str(n))
PY
  [ "$(cat "$tmp/count")" -ge 3 ] || fail "fewer than 3 complete examples found"
  for c in "$tmp"/*.c; do
    "$MCC" -O2 "$c" -o "${c%.c}" -lm || fail "mcc rejects the example $(basename "$c")"
    NX_ARGS=--smp-workers=2 "${c%.c}" > "$tmp/out" 2>&1 || { cat "$tmp/out"; fail "the example $(basename "$c") fails"; }
    echo "$(basename "$c"): ok"
  done ;;
*) echo "check.sh: unknown mode $mode"; exit 2 ;;
esac
