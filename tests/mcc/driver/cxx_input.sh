#!/usr/bin/env bash
# C++ sources in OmpSs mode are an error, never a build without their tasks: at the first
# OmpSs pragma (file:line:col, the line, a caret) when the file has one, else naming the
# file; both suggest --no-openmp, which then builds the file sequentially.  Every C++
# suffix and -x c++ count; nothing is compiled or left behind.
. "$(dirname "$0")/lib.sh"
cat > app.cpp <<'SRC'
#include <stdio.h>
int main(void) {
    int x = 0;
    #pragma omp task shared(x)
    x = 42;
    #pragma omp taskwait
    printf("x=%d\n", x);
    return 0;
}
SRC
fails 1 "$MCC" --ompss app.cpp -o prog
cat > want.txt <<'ERR'
app.cpp:4:5: error: C++ is not supported: mcc translates C only, and this OmpSs pragma would be lost; build 'app.cpp' with --no-openmp to compile it sequentially (pragmas ignored), or move its tasks to a C file
     #pragma omp task shared(x)
     ^
ERR
diff -u want.txt err.txt || fail "the C++ error differs from the golden text"
absent prog app.o
# a pragma through _Pragma, in a .cc file compiled with -c
printf 'void f(int *p) {\n  _Pragma("omp task") *p = 1;\n}\n' > prag.cc
fails 1 "$MCC" -c prag.cc
has err.txt "^prag\.cc:2:3: error: C\+\+ is not supported"
absent prag.o
# no pragma: the file is named
printf 'int twice(int x) { return 2 * x; }\n' > plain.cxx
fails 1 "$MCC" -c plain.cxx
cat > want.txt <<'ERR'
mcc: error: 'plain.cxx': C++ is not supported in OmpSs mode (mcc translates C only); build it with --no-openmp to compile it sequentially, or rename it to .c if it is C
ERR
diff -u want.txt err.txt || fail "the C++ error (no pragma) differs from the golden text"
for suf in C c++ CPP cp ii; do
    cp plain.cxx "plain2.$suf"
    fails 1 "$MCC" -c "plain2.$suf"
    grep -qF "'plain2.$suf': C++ is not supported" err.txt || fail "plain2.$suf: $(cat err.txt)"
done
# -x c++ makes a .c file C++; -x none gives the suffix back
printf 'int g(void) { return 1; }\n' > lib.c
fails 1 "$MCC" -c -x c++ lib.c
has err.txt "'lib\.c': C\+\+ is not supported"
ok "$MCC" -c -x c++ -x none lib.c
exists lib.o
# the suggested --no-openmp builds it, sequentially
ok "$MCC" --no-openmp app.cpp -o prog
runs ./prog "x=42"
no_temps
