#!/usr/bin/env bash
# A header given to mcc is precompiled as gcc does it (Makefiles' `all.h.gch: all.h` rules,
# with or without -c, -x c-header and -o): all.h gives all.h.gch beside it, `-o` names it,
# nothing is linked (mcc linked the header as an object: "file format not recognized");
# units that -include the header (-Winvalid-pch) still build with their tasks, since mcc
# reads headers as text; -E of a header preprocesses it.
. "$(dirname "$0")/lib.sh"
mkdir inc
cat > inc/all.h <<'SRC'
#include <stdio.h>
#define N 8
#pragma omp task inout(*acc)
void add(long *acc, int v);
SRC
cat > app.c <<'SRC'
int main(void)
{
    long acc = 0;
    for (int i = 0; i < N; i++)
        add(&acc, i);
#pragma omp taskwait
    printf("acc=%ld\n", acc);
    return 0;
}
void add(long *acc, int v) { *acc += v; }
SRC
ok "$MCC" -O2 inc/all.h
exists inc/all.h.gch
rm inc/all.h.gch
ok "$MCC" -O2 -c inc/all.h
exists inc/all.h.gch
ok "$MCC" -O2 -x c-header inc/all.h -o pre.gch
exists pre.gch
absent a.out
ok "$MCC" -O2 -Winvalid-pch -include inc/all.h app.c -o app
[ ! -s err.txt ] || { cat err.txt >&2; fail "warnings with the precompiled header"; }
runs ./app "acc=28"
ok "$MCC" -E inc/all.h
has out.txt 'void add\(long \*acc, int v\);'
no_temps
