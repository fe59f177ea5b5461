#!/bin/bash
# toc.sh HEADER DIR: scripts/check-toc.py passes on HEADER and DIR, and fails on copies
# with each kind of mismatch: a .c file without a section, a section without a file, a
# contents line out of order, a declaration repeated.
set -u
header=$1 dir=$2
check=scripts/check-toc.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/toc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

python3 "$check" "$header" "$dir" >/dev/null || { echo "FAIL: the real header does not pass"; exit 1; }

# A fresh copy of DIR with the header inside, for each mutant.
copy() { rm -rf "$tmp/d"; mkdir -p "$tmp/d"; cp "$dir"/*.c "$tmp/d/"; cp "$header" "$tmp/d/h.h"; }
expect_fail() {         # $1: what the mutant is, $2: a word the message must contain
    if out=$(python3 "$check" "$tmp/d/h.h" "$tmp/d" 2>&1); then
        echo "FAIL: $1: the check passed"; fail=1
    elif ! grep -q -- "$2" <<<"$out"; then
        echo "FAIL: $1: no \"$2\" in: $out"; fail=1
    else
        echo "ok: $1: $(head -1 <<<"$out")"
    fi
}

copy; : > "$tmp/d/newfile.c"
expect_fail "a .c file without a section" "newfile.c has no section"

copy; first=$(grep -m1 -o '^/\* ---- [a-z_]*\.c' "$tmp/d/h.h" | sed 's|^/\* ---- ||')
rm "$tmp/d/$first"
expect_fail "a section whose file is gone" "no such file"

copy; sed -i '0,/^ \*   [a-z_]*\.c /{/^ \*   [a-z_]*\.c /d}' "$tmp/d/h.h"
expect_fail "a contents line missing" "contents line 1"

copy; sed -i 's|^\(/\* ---- [a-z_]*\)\.c\(.*\)$|\1 file\2|' "$tmp/d/h.h"
expect_fail "a section header without a file name" "names no .c file"

copy; decl=$(grep -m1 '^void nrt_[a-z_]*(.*);$' "$tmp/d/h.h")
printf '%s\n' "$decl" >> "$tmp/d/h.h"
expect_fail "a function declared twice" "declared again"

copy; printf 'extern int nrt_nworkers;\n' >> "$tmp/d/h.h"
expect_fail "an extern variable declared twice" "nrt_nworkers is declared again"

exit $fail
