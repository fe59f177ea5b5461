#!/usr/bin/env bash
# The code mcc generates adds no warning under the flags strict projects build with (-Wall
# -Wextra and the list below, -Werror, -std=c99/c11 -pedantic): a program clean under them
# with gcc builds with mcc, and each OmpSs program and sample of the tree gives, with mcc,
# no gcc warning that gcc itself (with -fopenmp, or pragmas ignored) does not give on the
# same line.  Generated code stands on the pragma's line, so a warning there is on it:
# conversions of a loop chunk's long long bounds, declarations after statements in
# reduction prologues, regions, device run functions and final's entry, captures hiding
# names, casts dropping const/volatile/restrict, VLAs of a taskwait's regions, redundant
# declarations, nested functions under -pedantic, device tasks' spawn functions hiding
# globals.
. "$(dirname "$0")/lib.sh"
W="-Wall -Wextra -Wconversion -Wsign-conversion -Wvla -Wshadow -Wcast-qual -Wredundant-decls
   -Wdeclaration-after-statement -Wstrict-prototypes -Wmissing-prototypes
   -Wold-style-definition -Wundef -Wpointer-arith -Wwrite-strings -Wmissing-declarations
   -Wnested-externs -Wjump-misses-init -Wdouble-promotion -Wfloat-equal -Wswitch-default
   -Wunused-macros -Wformat=2"
W=$(echo $W)

# ---- a program written for those flags: function tasks (restrict, volatile, array
# reduction), inline tasks under final (a firstprivate it changes), taskloop and for with
# unsigned and size_t (down by 2, a size_t chunk), lastprivate, linear and & reductions,
# a region with firstprivate and max, an atomic on a char, a local struct type, critical,
# taskwait on, an array sized by its initializer (captured with its extent: no VLA for
# -Wvla).
cat > tasks.h <<'SRC'
#ifndef TASKS_H
#define TASKS_H
#include <stddef.h>
#pragma omp task in([n]src) out([n]dst)
void scale(const double *restrict src, double *restrict dst, size_t n, const double f);
#pragma omp task in([n]a) reduction(+ : [n]hist)
void histogram(const unsigned char *a, size_t n, unsigned *hist);
#pragma omp task inout(*acc)
void add_into(volatile long *acc, long v);
#endif
SRC
cat > kernels.c <<'SRC'
#include "tasks.h"
void scale(const double *restrict src, double *restrict dst, size_t n, const double f)
{
    size_t i;
    for (i = 0; i < n; i++)
        dst[i] = src[i] * f;
}
void histogram(const unsigned char *a, size_t n, unsigned *hist)
{
    size_t i;
    for (i = 0; i < n; i++)
        hist[a[i] % 4u]++;
}
void add_into(volatile long *acc, long v)
{
    *acc += v;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include "tasks.h"

static long fib(int n, int cutoff);
static long fib(int n, int cutoff)
{
    long x = 0, y = 0;
    if (n < 2)
        return n;
#pragma omp task shared(x) firstprivate(n) final(n <= cutoff)
    x = fib(n - 1, cutoff);
#pragma omp task shared(y) final(n <= cutoff)
    {
        n -= 2;
        y = fib(n, cutoff);
    }
#pragma omp taskwait
    return x + y;
}

static unsigned sum_unsigned(const unsigned *v, unsigned n);
static unsigned sum_unsigned(const unsigned *v, unsigned n)
{
    unsigned i, s = 0u;
#pragma omp taskloop grainsize(3) reduction(+ : s)
    for (i = 0u; i < n; i++)
        s += v[i];
    return s;
}

static size_t count_down(size_t n);
static size_t count_down(size_t n)
{
    size_t i, s = 0;
#pragma omp parallel for reduction(+ : s) schedule(dynamic, n / 8)
    for (i = n; i > 0; i -= 2)
        s += i;
    return s;
}

static int regions(void);
static int regions(void)
{
    int i, last = -1, t = 0, lin = 0, base = 10, mx = 0;
    short sh[8];
    char c = 0;
    unsigned band = ~0u;
    struct pt { int x, y; } pts[4];
#pragma omp parallel for lastprivate(last) reduction(+ : t) reduction(& : band)
    for (i = 0; i < 8; i++) {
        last = i;
        t += i;
        band &= 0xffu;
    }
#pragma omp parallel for linear(lin : 2)
    for (i = 0; i < 8; i++) {
        sh[i] = (short)lin;
        lin += 2;
    }
#pragma omp parallel firstprivate(base) reduction(max : mx)
    {
        base += 1;
        mx = base;
#pragma omp atomic
        c |= 1;
    }
    for (i = 0; i < 4; i++) {
        pts[i].x = i;
        pts[i].y = 2 * i;
    }
#pragma omp task shared(pts) inout(t)
    t += pts[3].x + pts[3].y;
#pragma omp taskwait on(t)
#pragma omp critical(sum)
    t += sh[7];
    return t + last + mx + (int)band + c;
}

int main(void)
{
    double a[8], b[8], s = 0.0;
    unsigned char bytes[16];
    unsigned hist[4] = {0u, 0u, 0u, 0u}, u[10];
    volatile long acc = 0;
    double one[] = {1.0};
    int k;
    for (k = 0; k < 8; k++)
        a[k] = k;
    for (k = 0; k < 16; k++)
        bytes[k] = (unsigned char)k;
    for (k = 0; k < 10; k++)
        u[k] = (unsigned)k;
    scale(a, b, 8, 2.0);
    histogram(bytes, 16, hist);
    histogram(bytes, 8, hist);
    for (k = 1; k <= 4; k++)
        add_into(&acc, k);
#pragma omp task in(b) inout(s)
    {
        int j;
        for (j = 0; j < 8; j++)
            s += b[j] * one[0];
    }
#pragma omp taskwait
    printf("s=%g hist=%u,%u fib=%ld u=%u d=%zu acc=%ld r=%d\n", s, hist[0], hist[3],
           fib(15, 5), sum_unsigned(u, 10u), count_down(16), acc, regions());
    return 0;
}
SRC
want="s=56 hist=6,6 fib=610 u=45 d=72 acc=10 r=325"
for std in "-std=c99 -pedantic" "-std=c11 -pedantic" "-std=gnu11"; do
    clean_build "$std $W -Werror" "$want" kernels.c app.c
done
# (gcc's -Wshadow=local is an option of its own)
clean_build "${W/-Wshadow /-Wshadow=local } -Werror" "$want" kernels.c app.c

# ---- device tasks: OpenCL (run, on PoCL here) and CUDA (built when nvcc is there) function
# tasks whose parameters are named as the unit's globals, declared before the tasks: the
# spawn functions' parameters hid them ("declaration of 'n' shadows a global
# declaration" at the task's pragma), where the user's prototypes do not.
cat > dev.h <<'SRC'
#ifndef DEV_H
#define DEV_H
#pragma omp target device(opencl) ndrange(1, n, 8) file(scale.cl) copy_deps
#pragma omp task in([n]src) out([n]dst)
__kernel void scale_ocl(int n, float f, __global const float *src, __global float *dst);
#pragma omp target device(opencl) ndrange(1, n, 8) file(scale.cl) copy_deps
#pragma omp task inout([n]dst)
__kernel void add_ocl(int n, __global float *dst, float f);
#endif
SRC
cat > scale.cl <<'SRC'
__kernel void scale_ocl(int n, float f, __global const float *src, __global float *dst)
{
    int i = get_global_id(0);
    if (i < n)
        dst[i] = src[i] * f;
}
__kernel void add_ocl(int n, __global float *dst, float f)
{
    int i = get_global_id(0);
    if (i < n)
        dst[i] += f;
}
SRC
cat > devapp.c <<'SRC'
#include <stdio.h>
#ifndef _OMPSS
#define __kernel
#define __global
#endif
static int n = 16;
static float f = 2.0f;
static float src[16], dst[16];
#include "dev.h"

int main(void)
{
    int i;
    for (i = 0; i < n; i++)
        src[i] = (float)i;
    scale_ocl(n, f, src, dst);
    add_ocl(n, dst, f);
#pragma omp taskwait
    printf("%g %g\n", (double)dst[0], (double)dst[15]);
    return 0;
}
SRC
nvcc_path=$(command -v nvcc || { [ -n "${CUDA_HOME:-}" ] && echo "$CUDA_HOME/bin/nvcc"; } ||
            echo /usr/local/cuda/bin/nvcc)
cat > cuapp.c <<'SRC'
#include <stdio.h>
#ifndef _OMPSS
#define __global__
#endif
static int n = 16;
static float f = 2.0f;
static float src[16], dst[16];
#pragma omp target device(cuda) ndrange(1, n, 128) copy_deps
#pragma omp task in([n]src) out([n]dst)
__global__ void scale_cuda(int n, float f, const float *src, float *dst);

int main(int argc, char **argv)
{
    int i;
    (void)argv;
    for (i = 0; i < n; i++)
        src[i] = (float)i;
    if (argc > 100)             /* (built, not run: no GPU is needed) */
        scale_cuda(n, f, src, dst);
#pragma omp taskwait
    printf("%g\n", (double)src[15]);
    return 0;
}
SRC
printf '__global__ void scale_cuda(int n, float f, const float *src, float *dst)\n{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) dst[i] = src[i] * f; }\n' > scale.cu
for std in "-std=c99 -pedantic" "-std=c11 -pedantic" "-std=gnu11"; do
    ok gcc $std $W -Wno-unknown-pragmas -fsyntax-only devapp.c cuapp.c
    ok "$MCC" $std $W -Werror -c devapp.c
    [ ! -s err.txt ] || { cat err.txt >&2; fail "warnings from: $MCC $std $W -c devapp.c"; }
    ok "$MCC" devapp.o scale.cl -o devapp
    runs ./devapp "2 32"
    [ -x "$nvcc_path" ] || continue
    MCC_NVCC=$nvcc_path ok "$MCC" $std $W -Werror -c cuapp.c
    [ ! -s err.txt ] || { cat err.txt >&2; fail "warnings from: $MCC $std $W -c cuapp.c"; }
done
[ -x "$nvcc_path" ] || echo "(no nvcc: the CUDA task was not built)"

# ---- the tree's programs: mcc's gcc warnings that gcc's (with -fopenmp, and with the
# pragmas ignored) do not have, counted by file and message: gcc may put a warning on
# another line of a macro call that spans lines.
# Left out, with what their warnings are on: VLAs of their own (a task's copy of one is
# one too); the user's GNU or odd expressions in clauses, which mcc evaluates and gcc
# does not (clause_*, deref_casts: typeof under -std=c11); a standalone directive that is
# a statement before a declaration (depend_objects, error_directive); a typedef of VLA rows
# of a struct it defines, which keeps its task a nested function whose argument block has
# a member of that type (-pedantic: vla_typedef_struct).
skip=" array_parameters vla_firstprivate vla_capture qualified_params vla_typedef_struct knr_function_tasks
  inprivate_function_tasks forward_param_tasks open_sections_array_params
  depend_bound_effects clause_gnu_forms clause_brace_elision clause_string_arrays
  clause_expressions deref_casts depend_objects error_directive
  pragma_lint"
skip=" $(echo $skip) "
keys() { grep -E ': error: |: warning: .*\[-W' | sed -E 's/^([^:]*):[0-9]+:([0-9]+:)? /\1: /; s#^[^:]*/##' | sort; }
bad=0
for std in "-std=gnu11" "-std=c99 -pedantic"; do
    for f in "$TOP"/tests/ompss/*.c "$TOP"/tests/ompss/ported/*.c "$TOP"/tests/ompss/compat/*.c \
             "$TOP"/samples/*/*.c "$TOP"/tests/devices/opencl-cpu/*.c; do
        n=$(basename "$f" .c)
        case "$skip" in *" $n "*) continue ;; esac
        inc="-I$TOP/include -I$(dirname "$f") -I$TOP/tests/ompss"
        # (gcc with what mcc's preprocessing adds: its headers, OpenCL's qualifiers)
        gcc_own="-I$BUILD/lib/mcc/include -D__kernel= -D__global= -D__local= -D__constant=const"
        gcc $std $W -fopenmp $inc $gcc_own -c "$f" -o /dev/null 2>&1 | keys > omp.keys
        gcc $std $W -Wno-unknown-pragmas $inc $gcc_own -c "$f" -o /dev/null 2>&1 | keys > seq.keys
        "$MCC" --ompss $std $W $inc -c "$f" -o mcc.o > mcc.txt 2>&1
        keys < mcc.txt | comm -23 - seq.keys | comm -23 - omp.keys > extra.keys
        if [ -s extra.keys ]; then
            echo "--- ${f#$TOP/} ($std): warnings on generated code:" >&2
            cat extra.keys >&2
            bad=1
        fi
    done
done
[ "$bad" = 0 ] || fail "mcc's generated code added warnings (above)"
no_temps
