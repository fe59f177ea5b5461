#!/bin/bash
# lower_layers.sh: tests/layout/lower_layers.py passes on mcc/ and fails on copies with each
# kind of fault: a call going up the layers, a call inside one layer, a lowering file in no
# layer, an exported function not named after its file.
set -u
check=tests/layout/lower_layers.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

python3 "$check" . >/dev/null || { echo "FAIL: mcc/ itself does not pass"; exit 1; }

copy() { rm -rf "$tmp/mcc"; mkdir -p "$tmp/mcc"; cp mcc/*.c mcc/mcc.h "$tmp/mcc/"; }
expect_fail() {         # $1: what the mutant is, $2: a phrase the message must contain
    if out=$(python3 "$check" "$tmp" 2>&1); then
        echo "FAIL: $1: the check passed"; fail=1
    elif ! grep -q -- "$2" <<<"$out"; then
        echo "FAIL: $1: no \"$2\" in: $out"; fail=1
    else
        echo "ok: $1: $(grep -m1 -- "$2" <<<"$out" | cut -c1-150)"
    fi
}

copy
printf '\nvoid lower_text_up(struct lower *L)\n{\n    lower_task_emit_all(L);\n}\n' >>"$tmp/mcc/lower_text.c"
expect_fail "lower_text.c calls up into lower_task.c" "mcc/lower_text.c (layer 7, text) uses mcc/lower_task.c"

copy
printf '\nvoid lower_deps_side(struct lower *L)\n{\n    lower_final_scan(L);\n}\n' >>"$tmp/mcc/lower_deps.c"
expect_fail "lower_deps.c calls lower_final.c, of its own layer" "mcc/lower_deps.c (layer 5, parts) uses mcc/lower_final.c (layer 5"

copy
printf '#include "mcc.h"\n' >"$tmp/mcc/lower_new.c"
expect_fail "a lowering file in no layer" "mcc/lower_new.c is in no layer"

copy
printf '\nvoid deps_helper(void)\n{\n}\n' >>"$tmp/mcc/lower_deps.c"
expect_fail "an export without its file's prefix" "exports deps_helper: name it lower_deps_"

exit $fail
