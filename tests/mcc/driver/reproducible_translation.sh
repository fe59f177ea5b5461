#!/usr/bin/env bash
# The same input translates to the same bytes every time (reproducible builds): programs with
# threadprivate variables (the accessors registered at the end of the unit, a split
# declaration, a static local moved to file scope), copyin, copyprivate in team bodies,
# tasks through calls and OmpSs-2 `#pragma oss` lines (cpp reads a temporary copy of
# those) are each translated by `mcc -y` twice with address-space randomisation off and
# three times with it on (where the kernel has it), from fresh temporary directories, and
# the five translations compare equal.
. "$(dirname "$0")/lib.sh"
inputs=(ported/copyin.c ported/threadprivate_split.c ported/threadprivate_via_calls.c
        ported/static_threadprivate_tasks.c ported/team_copyin_seeds.c
        ported/team_copyprivate.c oss_tasks.c oss_nested_release.c)
norand=()
setarch "$(uname -m)" -R true 2>/dev/null && norand=(setarch "$(uname -m)" -R)
for f in "${inputs[@]}"; do
    cp "$TOP/tests/ompss/$f" .
    name=$(basename "$f" .c)
    for i in 1 2 3 4 5; do
        cmd=("$MCC" -I"$TOP/tests/ompss" -y "$name.c" -o "$name.$i.mcc.c")
        [ "$i" -le 2 ] && cmd=("${norand[@]}" "${cmd[@]}")
        ok "${cmd[@]}"
    done
    for i in 2 3 4 5; do
        cmp -s "$name.1.mcc.c" "$name.$i.mcc.c" ||
            { diff "$name.1.mcc.c" "$name.$i.mcc.c" | head -n 20 >&2;
              fail "translation $i of $f differs from the first"; }
    done
done
no_temps
