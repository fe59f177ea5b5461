#!/usr/bin/env bash
# -M/-MM (a Makefile's `depend` target, `$(CC) -MM $(SRCS) > .depend`), -E -MD and
# -Wp,-MD,file (kbuild's spelling) of a unit whose OpenCL task names its kernel with
# file(...): the rules list the .cl and the headers it includes, as -MD's dependency file
# does.  They listed only the C headers (-M and -E translate nothing), so `make` did not
# rebuild the object when the kernel changed and the program ran the old one.
. "$(dirname "$0")/lib.sh"
mkdir -p pre
write_scale_app src/app.c "file(kern/scale.cl)"
echo 'int helper(void) { return 1; }' > src/helper.c
# to stdout, one rule per input, the units without kernels as cpp writes them
ok "$MCC" --ompss -MM src/app.c src/helper.c
has out.txt '^app\.o: src/app\.c'
has out.txt '^ kern/scale\.cl'
has out.txt '^ kern/factor\.h'
has out.txt '^helper\.o: src/helper\.c$'
lacks out.txt '^kern/scale\.cl:'
[ ! -s err.txt ] || fail "messages from -MM: $(cat err.txt)"
ok "$MCC" --ompss -M -MP -MT obj/app.o src/app.c
has out.txt '^obj/app\.o: src/app\.c /usr/include/stdc-predef\.h'
has out.txt 'kern/scale\.cl'
has out.txt '^kern/scale\.cl:$'
has out.txt '^kern/factor\.h:$'
# to -MF's file or -o's, stdout empty
ok "$MCC" --ompss -MM -MF app.dep src/app.c
[ ! -s out.txt ] || fail "-MM -MF wrote on stdout: $(cat out.txt)"
has app.dep '^ kern/scale\.cl'
ok "$MCC" --ompss -MM src/app.c -o deps.txt
has deps.txt '^ kern/scale\.cl'
# -Wp,-MMD,file on a compilation
ok "$MCC" --ompss -Wp,-MMD,kb.d -c src/app.c -o app.o
has kb.d '^app\.o: src/app\.c'
has kb.d '^ kern/scale\.cl'
# -E with -MD/-MMD (a preprocessor run that writes the dependency file, as ccache's): the
# file cpp names lists them too
ok "$MCC" --ompss -E -MMD src/app.c -o pre/app.i
has pre/app.d '^app\.o: src/app\.c'
has pre/app.d '^ kern/scale\.cl'
ok "$MCC" --ompss -E -MD -MF e.d -MT e.o src/app.c
has e.d '^e\.o: src/app\.c'
has e.d 'kern/factor\.h'
# a Makefile with a `depend` target rebuilds the program when the kernel changes
cat > Makefile <<MK
CC = $MCC
CFLAGS = --ompss
app: app.o
	\$(CC) \$(CFLAGS) app.o -o app
app.o: src/app.c
	\$(CC) \$(CFLAGS) -c src/app.c -o app.o
depend:
	\$(CC) \$(CFLAGS) -MM src/app.c > .depend
-include .depend
MK
rm -f app app.o
ok make_app depend
ok make_app
runs ./app 16
sleep 1
sed -i 's/\*= FACTOR/*= FACTOR + 1/' kern/scale.cl
ok make_app
runs ./app 24
no_temps
