#!/usr/bin/env bash
# -v prints every command: cpp with -fopenmp -D_OMPSS=1 and mcc's include dirs, the
# translation, the compile of the translated file (preprocessed text: -x cpp-output) without
# -fopenmp, and the link with nanort and an rpath to the lib dir next to mcc's bin dir (and
# gcc's libatomic and glibc's vector math library where there are, linked only if used).
. "$(dirname "$0")/lib.sh"
write_app
prefix=$(cd "$(dirname "$MCC")/.." && pwd -P)
ok "$MCC" -v app.c helper.c -o prog
has err.txt "^gcc .*-E .*-fopenmp .*-D_OMPSS=1 .*-I$prefix/lib/mcc/include -I$prefix/include .*app\.c -o [^ ]*\.i$"
has err.txt "^mcc-translate [^ ]*/app\.i -o [^ ]*/app\.c$"
has err.txt "^gcc .*-c .*-x cpp-output [^ ]*/app\.c -o [^ ]*/app\.o$"
lacks err.txt "^gcc .* -c .*-fopenmp"
has err.txt "^gcc .*\.o .*\.o .*-L$prefix/lib -Wl,-rpath,$prefix/lib -lnanort -lpthread -ldl( -Wl,--push-state,--as-needed -latomic -Wl,--pop-state)?( -Wl,--push-state,--as-needed -lmvec -Wl,--pop-state)? -lm -o prog$"
[ "$(grep -c '^mcc-translate' err.txt)" = 2 ] || fail "wanted two translations"
runs ./prog "r=42"
# without -v, nothing on stderr for a clean program
ok "$MCC" app.c helper.c -o prog
[ ! -s err.txt ] || fail "stderr not empty without -v"
no_temps
