#!/usr/bin/env bash
# tests/mcc/abi: what mcc emits agrees with include/nanort.h (issue 17).  The prelude mcc
# puts in a unit is read back from a translation of descriptors.c and checked against the
# header (abi_units.py: prototypes compatible, every struct's layout and enum's values
# equal); descriptors.c, which has every descriptor mcc fills (designated initialisers,
# mcc/lower_emit.c), is translated and compiled both with the prelude and with nanort.h
# included (with_header.c), so a field mcc names that the header lacks is an error.
set -eu
BUILD=${BUILD:-build}
MCC=$BUILD/bin/mcc
dir=tests/mcc/abi
[ -x "$MCC" ] || { echo "no $MCC"; exit 77; }
out=$(mktemp -d "${TMPDIR:-/tmp}/mcc-abi.XXXXXX")
trap 'rm -rf "$out"' EXIT
cc=${CC:-gcc}
flags="-std=gnu11 -Wall -Werror=incompatible-pointer-types -Werror=int-conversion"
flags="$flags -Werror=implicit-function-declaration -Werror=missing-prototypes"

"$MCC" -y -Iinclude "$dir/descriptors.c" -o "$out/prelude.c"
"$MCC" -y -Iinclude -I"$dir" "$dir/with_header.c" -o "$out/header.c"
# the prelude: the line of the translation that declares nanort_task_create
grep 'nanort_task_create(struct nanort_task_type' "$out/prelude.c" > "$out/prelude.txt" ||
    { echo "FAIL: no prelude in mcc's output"; exit 1; }
if grep -q 'sizeof 0) args_size' "$out/header.c"; then
    echo "FAIL: a unit that includes nanort.h got the prelude too"; exit 1
fi
python3 "$dir/abi_units.py" "$out/prelude.txt" "$out"
status=0
for u in protos layout; do
    if $cc $flags -Iinclude -c -o "$out/$u.o" "$out/$u.c"; then
        echo "ok: $u"
    else
        echo "FAIL: $u: mcc's prelude and include/nanort.h disagree (see above)"; status=1
    fi
done
for u in prelude header; do
    if $cc $flags -Wno-missing-prototypes -Iinclude -c -o "$out/$u.o" "$out/$u.c"; then
        echo "ok: descriptors ($u)"
    else
        echo "FAIL: descriptors ($u): mcc's descriptors do not fit include/nanort.h"; status=1
    fi
done
exit $status
