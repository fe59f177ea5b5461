# tests/mcc/driver/lib.sh: sourced by every driver test.  Needs MCC (the mcc to test) and TOP
# (the source tree).  Each test runs in a fresh directory and gives mcc a fresh, empty
# TMPDIR, so that `no_temps` can tell whether mcc left temporary files behind.
set -u
: "${MCC:?set MCC to the mcc executable}" "${TOP:?set TOP to the source tree}"
work=$(mktemp -d "${TMPDIR:-/tmp}/mcc-driver-test-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
cd "$work" || exit 1
unset MCC_CC MCC_NVCC

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "$*"; exit 77; }

# run CMD...: run it with stdout in out.txt and stderr in err.txt; its status in $st.
run() { "$@" > out.txt 2> err.txt; st=$?; }
# ok CMD...: it must succeed.
ok() {
    run "$@"
    [ "$st" = 0 ] || { cat err.txt >&2; fail "exit $st from: $*"; }
}
# fails STATUS CMD...: it must exit with STATUS.
fails() {
    local want=$1; shift
    run "$@"
    [ "$st" = "$want" ] || { cat err.txt >&2; fail "exit $st (wanted $want) from: $*"; }
}
# has FILE REGEX / lacks FILE REGEX: grep -E on a file.
has() { grep -Eq -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "$1 lacks /$2/"; }; }
lacks() { ! grep -Eq -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "$1 has /$2/"; }; }
# exists FILE... / absent FILE...
exists() { for f; do [ -e "$f" ] || fail "$f was not created"; done; }
absent() { for f; do [ ! -e "$f" ] || fail "$f should not exist"; done; }
# runs PROG EXPECTED-STDOUT: the program runs (no LD_LIBRARY_PATH) and prints exactly that.
runs() {
    local got
    got=$(env -u LD_LIBRARY_PATH "$1") || fail "$1 exited with $?"
    [ "$got" = "$2" ] || fail "$1 printed '$got', wanted '$2'"
}
# clean_build FLAGS EXPECTED FILE.c...: the files compile under FLAGS with gcc (pragmas
# ignored) and, one `mcc -c` each, with mcc and not a warning; linked into ./app, the
# program prints EXPECTED.
clean_build() {
    local flags=$1 want=$2 f
    shift 2
    ok gcc $flags -Wno-unknown-pragmas -fsyntax-only "$@"
    for f; do
        ok "$MCC" $flags -c "$f"
        [ ! -s err.txt ] || { cat err.txt >&2; fail "warnings from: $MCC $flags -c $f"; }
    done
    ok "$MCC" "${@/%.c/.o}" -o app
    runs ./app "$want"
}
# oracle FILE.c...: what the program of these files prints, in $want: built by plain gcc
# (the sequential program) and by gcc -fopenmp (4 threads), which must agree.
oracle() {
    local got
    ok gcc -O2 "$@" -o seq
    want=$(./seq) || fail "the sequential program exited with $?"
    ok gcc -O2 -fopenmp "$@" -o gomp
    got=$(OMP_NUM_THREADS=4 ./gomp) || fail "gcc -fopenmp's program exited with $?"
    [ "$got" = "$want" ] || fail "gcc -fopenmp's program printed '$got', plain gcc's '$want'"
}
# mcc_agrees FILE.c...: each file compiled by mcc -fopenmp with -Wall -Wextra -Werror,
# linked into ./app, which prints $want (oracle's) three times under 1, 2 and 4 workers.
mcc_agrees() {
    local f w r
    for f; do
        ok "$MCC" -fopenmp -O2 -Wall -Wextra -Werror -c "$f"
    done
    ok "$MCC" -fopenmp "${@/%.c/.o}" -o app
    for w in 1 2 4; do
        for r in 1 2 3; do
            NX_ARGS=--smp-workers=$w runs ./app "$want"
        done
    done
}
# built_together FILE.c...: the files built by one `mcc --ompss` command into ./together,
# which prints $want (oracle's) under 1 and 3 workers.
built_together() {
    local w
    ok "$MCC" --ompss "$@" -o together
    for w in 1 3; do
        NX_ARGS=--smp-workers=$w runs ./together "$want"
    done
}
# mcc must leave nothing in its TMPDIR.
no_temps() { [ -z "$(ls -A "$TMPDIR")" ] || fail "temporary files left: $(ls -A "$TMPDIR")"; }

# A small two-file program in plain C: main in app.c (calls nanort through omp.h), helper
# in helper.c.
write_app() {
    cat > app.c <<'SRC'
#include <stdio.h>
#include <omp.h>
int helper(int);
int main(void)
{
    /* the omp call makes the program load nanort when it runs: the rpath must work */
    printf("r=%d\n", omp_get_num_procs() >= 1 ? helper(21) : -1);
    return 0;
}
SRC
    echo 'int helper(int x) { return 2 * x; }' > helper.c
}

# write_ocl_app KERNEL CLAUSES [KERNEL-PARAMS]: an OmpSs OpenCL program as users lay it out
# (the layout the tests of user mistakes share): kernels.h included by app.c and
# kernels.cl; app.c declares the task `KERNEL(int n, __global float *x, float a)` under
# `#pragma omp target device(opencl) CLAUSES` and prints x[15] (31 when the kernel ran);
# kernels.cl defines KERNEL with KERNEL-PARAMS (the prototype's by default), x[i] = x[i] *
# a + 1; a Makefile builds app from app.o (`make` with OBJS=..., LDFLAGS=..., LDLIBS=...
# adds objects and libraries).
write_ocl_app() {
    printf '#define BS 8\n' > kernels.h
    cat > kernels.cl <<SRC
#include "kernels.h"
__kernel void $1(${3:-int n, __global float *x, float a})
{
    int i = get_global_id(0);
    x[i] = x[i] * a + 1.0f;
}
SRC
    cat > app.c <<SRC
#include <stdio.h>
#include "kernels.h"
#pragma omp target device(opencl) $2
#pragma omp task inout([n]x)
__kernel void $1(int n, __global float *x, float a);
int main(void)
{
    float x[16];
    for (int i = 0; i < 16; i++)
        x[i] = i;
    $1(16, x, 2);
#pragma omp taskwait
    printf("x[15]=%g\n", x[15]);
    return 0;
}
SRC
    printf 'CC = %s\nCFLAGS = --ompss\napp: app.o $(OBJS)\n\t$(CC) $(CFLAGS) app.o $(OBJS) $(LDFLAGS) $(LDLIBS) -o app\n' \
        "$MCC" > Makefile
}
# write_ocl_names_app: app.c, a program whose own globals and helpers are named as the
# runtime's OpenCL device names its own (`ocl`, `ocl_fail`, `ocl_error_name`), with an
# OpenCL task `twice` (twice.cl); it prints "2 16 1 mine 7 fine".
write_ocl_names_app() {
    cat > app.c <<'SRC'
#include <stdio.h>
#include <stdarg.h>
struct { int verbose; const char *tag; } ocl = { 1, "mine" };
int ocl_fail(const char *fmt, ...) { va_list ap; va_start(ap, fmt); va_end(ap); return 7; }
const char *ocl_error_name(int e) { return e ? "bad" : "fine"; }
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
__kernel void twice(__global float *x, int n);
int main(void)
{
    float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    twice(x, 8);
#pragma omp taskwait
    printf("%g %g %d %s %d %s\n", x[0], x[7], ocl.verbose, ocl.tag, ocl_fail("%d", 1),
           ocl_error_name(0));
    return 0;
}
SRC
    printf '__kernel void twice(__global float *x, int n)\n{ int i = get_global_id(0); if (i < n) x[i] *= 2; }\n' > twice.cl
}
# write_scale_app APP.C [CLAUSES]: an OpenCL program whose kernel includes a header only
# it includes: kern/scale.cl (`scale`, v[i] *= FACTOR) with kern/factor.h (FACTOR 2), and
# APP.C, whose task `scale` is declared under `#pragma omp target device(opencl) ndrange(1,
# n, 8) CLAUSES copy_deps`; it prints v[7], 16 (24 with FACTOR 3).
write_scale_app() {
    mkdir -p kern "$(dirname "$1")"
    printf '#define FACTOR 2\n' > kern/factor.h
    cat > kern/scale.cl <<'SRC'
#include "factor.h"
__kernel void scale(__global int *v, int n)
{
    int i = get_global_id(0);
    if (i < n)
        v[i] *= FACTOR;
}
SRC
    cat > "$1" <<SRC
#include <stdio.h>
#pragma omp target device(opencl) ndrange(1, n, 8) ${2:-} copy_deps
#pragma omp task inout([n]v)
__kernel void scale(__global int *v, int n);
int main(void)
{
    int v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    scale(v, 8);
#pragma omp taskwait
    printf("%d\n", v[7]);
    return 0;
}
SRC
}
# make_app [ARGS]: make, outside any make that runs the tests (`ok make_app`).
make_app() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make "$@"; }

# write_blocks DIR: a C library of OpenMP tasks and its program, as build-system projects
# hold them: DIR/blocks.h, DIR/blocks.c (sum_blocks: a task per block of 16, an atomic sum)
# and DIR/main.c, which prints "sum=4950".
write_blocks() {
    cat > "$1/blocks.h" <<'SRC'
#define BLOCK 16
long sum_blocks(int n, const int *v);
SRC
    cat > "$1/blocks.c" <<'SRC'
/* blocks.c: a sum in tasks, one per block */
#include "blocks.h"
long sum_blocks(int n, const int *v)
{
    long out = 0;
    #pragma omp parallel
    #pragma omp single
    for (int b = 0; b < n; b += BLOCK) {
        #pragma omp task firstprivate(b) shared(out)
        {
            long s = 0;
            for (int i = b; i < b + BLOCK && i < n; i++)
                s += v[i];
            #pragma omp atomic
            out += s;
        }
    }
    return out;
}
SRC
    cat > "$1/main.c" <<'SRC'
#include <stdio.h>
#include "blocks.h"
int main(void)
{
    int v[100];
    for (int i = 0; i < 100; i++)
        v[i] = i;
    printf("sum=%ld\n", sum_blocks(100, v));
    return 0;
}
SRC
}
