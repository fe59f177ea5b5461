#!/usr/bin/env bash
# Preprocessor options reach cpp with their arguments, in order: -D/-U (joined and
# separate), -I dir, -Idir, -isystem dir, -include file, -std= (also at compile time).
. "$(dirname "$0")/lib.sh"
mkdir -p inc1 inc2 sys
echo '#define ONE 1' > inc1/one.h
echo '#define TWO 2' > inc2/two.h
echo '#define SYS 4' > sys/sys.h
echo '#define PRE 8' > pre.h
cat > flags.c <<'SRC'
#include <stdio.h>
#include "one.h"
#include "two.h"
#include <sys.h>
#ifdef GONE
#error GONE should have been undefined
#endif
int main(void)
{
    printf("%d %ld\n", ONE + TWO + SYS + PRE + ADD + LATER, (long)__STDC_VERSION__);
    return 0;
}
SRC
ok "$MCC" -I inc1 -Iinc2 -isystem sys -include pre.h -DADD=16 -D LATER=32 -DGONE -U GONE \
    -std=c99 flags.c -o prog
runs ./prog "63 199901"
ok "$MCC" -Iinc1 -Iinc2 -isystem sys -include pre.h -DADD=16 -DLATER=32 -std=gnu11 flags.c -o prog
runs ./prog "63 201112"
# -U before -D leaves the macro defined: order is kept
fails 1 "$MCC" -Iinc1 -Iinc2 -isystem sys -include pre.h -DADD=16 -DLATER=32 -UGONE -DGONE flags.c -o prog
has err.txt 'GONE should have been undefined'
no_temps
