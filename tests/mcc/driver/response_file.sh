#!/usr/bin/env bash
# @file arguments (gcc's response files, used by build tools for long command lines) are
# expanded: blanks separate words, quotes and backslashes group them, @file nests.
. "$(dirname "$0")/lib.sh"
write_app
cat > msg.c <<'SRC'
#include <stdio.h>
int helper(int);
int main(void) { printf("%s %d\n", MSG, helper(WIDTH)); return 0; }
SRC
echo '-DWIDTH=2 helper.c' > inner.rsp
printf '%s\n' "-DMSG='\"two words\"'" '@inner.rsp' '-o "my prog"' > outer.rsp
ok "$MCC" msg.c @outer.rsp
runs "./my prog" "two words 4"
printf '%s\n' '-DMSG=\"esc\ aped\"' '-DWIDTH=1' 'helper.c' > esc.rsp
ok "$MCC" msg.c @esc.rsp -o prog2
runs ./prog2 "esc aped 2"
no_temps
