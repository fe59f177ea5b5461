#!/usr/bin/env bash
# Programs whose tasks capture variables of local types link with a stack that is not
# executable (-Wl,-z,noexecstack, as hardened distributions and SELinux require), at -O0
# and -O2, and print what gcc's sequential build prints: no trampoline (a GNU C nested
# function that needs the enclosing frame's static chain), the linker warns of no
# executable stack, the program's GNU_STACK segment is RW, not RWE.  The local typedef of
# a variably modified type (`typedef double row[n]; row *a;`) needed one; local structs
# and typedefs of fixed types (tests/ompss/local_types.c) must stay without one.
. "$(dirname "$0")/lib.sh"
command -v readelf > /dev/null || skip "skipped: no readelf"

cat > vm_typedef.c <<'SRC'
#include <stdio.h>
void f(int n, double *p);
void f(int n, double *p)
{
    typedef double row[n];
    row *a = (row *)p;
    #pragma omp task inout(a[0;2])
    { a[1][n - 1] += 1; }
    #pragma omp taskwait
}
int main(void)
{
    double d[8] = {0};
    f(4, d);
    printf("%g\n", d[7]);
    return 0;
}
SRC
cp "$TOP/tests/ompss/local_types.c" "$TOP/tests/ompss/ompss_check.h" .

# stack_rw PROG: its GNU_STACK program header is RW.
stack_rw() {
    readelf -lW "$1" > stack.txt || fail "readelf -lW $1"
    has stack.txt 'GNU_STACK .* RW  '
}
ok gcc -Wno-unknown-pragmas vm_typedef.c -o seq
want=$(./seq)
for opt in -O0 -O2; do
    # (without the option, a trampoline's object asks for an executable stack: RWE)
    ok "$MCC" --ompss $opt vm_typedef.c -o vm
    lacks err.txt 'executable stack'
    stack_rw vm
    ok "$MCC" --ompss $opt vm_typedef.c -o vm -Wl,-z,noexecstack
    lacks err.txt 'executable stack'
    stack_rw vm
    runs ./vm "$want"
    ok "$MCC" --ompss $opt local_types.c -o local -Wl,-z,noexecstack
    lacks err.txt 'executable stack'
    stack_rw local
    ok env -u LD_LIBRARY_PATH ./local
done
no_temps
