#!/usr/bin/env bash
# -MD/-MMD name the dependency file and its rule's target as gcc 12 does, for every stop:
# after -o's output (a one-step `cc -MMD prog.c -o bin/prog` writes bin/prog.d with the
# rule `bin/prog: ...`), a-<stem>.d for a link without -o.  mcc named them after
# <stem>.o for anything but -c, so a Makefile's one-step rule (`%: %.c`) that includes
# the .d files never rebuilt the program when a header changed.
. "$(dirname "$0")/lib.sh"
printf '#define V 1\n' > v.h
printf '#include "v.h"\nint main(void) { return V - 1; }\n' > prog.c
mkdir -p d
for o in "" "-o foo" "-o foo.x" "-o d/foo.bin" "-MF z.d -o foo" "-MT tt -o foo" "-c" \
         "-c -o d/z.obj" "-S" "-S -o d/y.s" "-E -o d/p.i" "-fsyntax-only"; do
    rm -rf ./*.d d a.out foo foo.x prog.o prog.s
    mkdir d
    ok gcc -MMD prog.c $o
    g="$(ls ./*.d d/*.d 2>/dev/null): $(cat ./*.d d/*.d 2>/dev/null)"
    rm -rf ./*.d d a.out foo foo.x prog.o prog.s
    mkdir d
    ok "$MCC" -MMD prog.c $o
    m="$(ls ./*.d d/*.d 2>/dev/null): $(cat ./*.d d/*.d 2>/dev/null)"
    [ "$g" = "$m" ] || fail "-MMD prog.c $o: gcc wrote '$g', mcc '$m'"
done
# a Makefile of one-step programs rebuilds one when its header changes
cat > Makefile <<MK
CC = $MCC
CFLAGS = --ompss -MMD -MP
bin/prog: prog.c
	@mkdir -p bin
	\$(CC) \$(CFLAGS) prog.c -o \$@
-include bin/prog.d
MK
ok make_app
exists bin/prog bin/prog.d
ok make_app
has out.txt 'is up to date'
sleep 1
printf '#define V 2\n' > v.h
ok make_app
has out.txt 'prog\.c -o bin/prog'
no_temps
