#!/usr/bin/env bash
# --debug compiles with -g -O0 (after the user's flags: the last -O wins) and links the
# checking build of nanort (libnanort-debug.so: its NRT_ASSERT invariants compiled in, -O0
# with debug information), so that gdb stops in a task and steps into the runtime;
# --instrument makes the program write <program>.trace.json in the current directory
# without NX_ARGS, which still overrides it (another name, or --trace= for none).
. "$(dirname "$0")/lib.sh"
prefix=$(cd "$(dirname "$MCC")/.." && pwd -P)
cat > app.c <<'SRC'
#include <stdio.h>
#define N 16
static double v[N];
#pragma omp task inout([n]x) label(scale)
static void scale(double *x, int n)
{
    for (int i = 0; i < n; i++)
        x[i] = 2 * x[i] + 1;
}
int main(void)
{
    for (int k = 0; k < 3; k++)
        scale(v, N);
    #pragma omp taskwait
    printf("v=%g\n", v[N - 1]);
    return 0;
}
SRC
ok "$MCC" -v -O2 --debug app.c -o app
has err.txt "^gcc -v -O2 -g -O0 -c .*-x cpp-output [^ ]*/app\.c -o "
has err.txt "^gcc .*-L$prefix/lib -Wl,-rpath,$prefix/lib -lnanort-debug -lpthread"
runs ./app "v=7"
env -u LD_LIBRARY_PATH ldd ./app | grep -q "libnanort-debug\.so => $prefix/lib/" \
    || fail "app does not load the checking build"
# the checking build has the assertions (their text) and debug information; the normal one not
strings "$prefix/lib/libnanort-debug.so" | grep -q 'w && w->id == t->owner && w->inl_open' \
    || fail "libnanort-debug.so has no NRT_ASSERT compiled in"
strings "$prefix/lib/libnanort.so" | grep -q 'w && w->id == t->owner && w->inl_open' \
    && fail "libnanort.so has the assertions too"
readelf -S "$prefix/lib/libnanort-debug.so" | grep -q debug_info || fail "no debug information"
# gdb: a breakpoint in the task body stops there; the caller is the runtime's run_body,
# at a line of nanort/task.c (the runtime's source is known)
if command -v gdb > /dev/null; then
    env -u LD_LIBRARY_PATH gdb -q -batch -ex 'break scale' -ex run -ex bt -ex 'info frame' ./app \
        > gdb.txt 2>&1
    has gdb.txt "Breakpoint 1, scale \\(x=0x[0-9a-f]+ <v>, n=16\\) at app\\.c:"
    has gdb.txt "in run_body \\(t=0x[0-9a-f]+\\) at nanort/task\\.c:[0-9]+"
else
    echo "note: gdb is not installed: the breakpoint was not tried"
fi

# --instrument: the trace by default, NX_ARGS over it
ok "$MCC" --instrument app.c -o traced
runs ./traced "v=7"
exists traced.trace.json
python3 "$TOP/tests/instr/check_trace.py" traced.trace.json --tasks scale=3 > check.txt \
    || { cat check.txt; fail "the default trace is not valid"; }
rm traced.trace.json
NX_ARGS="--trace=other.json" runs ./traced "v=7"
exists other.json
absent traced.trace.json
NX_ARGS="--trace=" runs ./traced "v=7"
absent traced.trace.json
# without --instrument, no trace
ok "$MCC" app.c -o plain
runs ./plain "v=7"
absent plain.trace.json
no_temps
