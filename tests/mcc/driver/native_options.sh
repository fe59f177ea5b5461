#!/usr/bin/env bash
# --Wn,<opts> reaches the native compile (comma separated), --Wl,<opts> the link command
# (--Wl,-Wl,a,b passes -Wl,a,b whole), --Wnp both compile and preprocessor; -Wl, and
# -Xlinker pass through with their arguments; -O/-g/-W/-f/-m options pass through.
. "$(dirname "$0")/lib.sh"
write_app
echo 'int helper(int x) { int unused; return 2 * x; }' > helper.c
ok "$MCC" -c helper.c
fails 1 "$MCC" -c helper.c --Wn,-Werror,-Wunused-variable
has err.txt "unused variable"
has err.txt "helper\.c:1:"
mkdir -p lib
ok "$MCC" -c helper.c -o lib/helper.o
ok ar rcs lib/libhelp.a lib/helper.o
ok "$MCC" app.c --Wl,-L"$work/lib",-lhelp -o prog
runs ./prog "r=42"
ok "$MCC" app.c lib/helper.o -Wl,-Map,map1.txt -O2 -g -Wall -fno-strict-aliasing -m64 -o prog
exists map1.txt
runs ./prog "r=42"
ok "$MCC" app.c lib/helper.o -Xlinker -Map -Xlinker map2.txt -o prog
exists map2.txt
runs ./prog "r=42"
ok "$MCC" app.c lib/helper.o --Wl,-Wl,-Map,map3.txt -o prog
exists map3.txt
runs ./prog "r=42"
printf '#if !NP\n#error NP not defined for the preprocessor\n#endif\nint np = NP;\n' > np.c
ok "$MCC" -c np.c --Wnp,-DNP=1
fails 1 "$MCC" -c np.c --Wn,-DNP=1
no_temps
