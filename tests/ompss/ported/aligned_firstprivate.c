/* ported: openmp
   ported-werror
   SIMD-minded codes keep over-aligned data: a `_Alignas(64)` local array, a struct whose
   member is `_Alignas(64)` (a cache line per accumulator), a 32-byte GNU vector (the
   shape of __m256d), an `aligned(128)` buffer, `double t[8] __attribute__((aligned(64)))`
   (the attribute after the name), a `_Alignas(64)` variable of a struct type declared in
   the function, a VLA of such vectors.  Tasks take them firstprivate, a taskloop too,
   and a function's local copy of such a struct is captured by the task it creates.  The
   compiler may access such copies with aligned loads (vmovapd on an __m256d: a crash
   when the copy is misaligned).  mcc's copies lay in nanort's 16-aligned argument block,
   it dropped the trailing attribute and the local type's _Alignas, and put a VLA's copy
   16-aligned after the struct: each task printed where its copies were misaligned (64,
   96, 160).  An array aligned by a constant of the function (`aligned(LOCAL_LINE)`)
   keeps its type's alignment in the copy (the argument struct is at file scope, where
   the constant is not declared) and builds.  Prints the misalignments (0) and
   checksums. */
#include <stdio.h>
#include <stdint.h>

typedef double v4d __attribute__((vector_size(32)));
typedef struct {
    _Alignas(64) double x[8];
    int n;
} line_t;

#define NT 6

static long mis_of(const void *p, uintptr_t align)
{
    return (long)((uintptr_t)p % align);
}

/* a local copy of an over-aligned struct captured by a task of the function */
static double line_sum(const line_t *src, long *mis)
{
    line_t ln = *src;
    double s = 0;
#pragma omp task firstprivate(ln) shared(s, mis)
    {
        *mis += mis_of(&ln, 64) + mis_of(ln.x, 64);
        for (int i = 0; i < ln.n; i++)
            s += ln.x[i] * (i + 1);
    }
#pragma omp taskwait
    return s;
}

/* aligned by a constant of the function: the task's copy is only built */
static double local_aligned_sum(void)
{
    enum { LOCAL_LINE = 64 };
    double la[4] __attribute__((aligned(LOCAL_LINE))) = {0.5, 1.5, 2.5, 3.5};
    double s = 0;
#pragma omp task firstprivate(la) shared(s)
    for (int i = 0; i < 4; i++)
        s += la[i] * (i + 1);
#pragma omp taskwait
    return s;
}

int main(int argc, char **argv)
{
    (void)argv;
    int nv = 4 + argc;              /* a VLA: 5 vectors */
    v4d vv[nv];
    _Alignas(64) double buf[8];
    line_t ln;
    v4d vec = {1, 2, 3, 4};
    __attribute__((aligned(128))) unsigned char cbuf[16];
    double trail[8] __attribute__((aligned(64)));
    struct acc2 { double lo, hi; };
    _Alignas(64) struct acc2 pair = {0.25, 0.75};
    long mis[NT] = {0};
    double out[NT] = {0};

    for (int i = 0; i < 8; i++) {
        buf[i] = i + 0.5;
        ln.x[i] = 2 * i;
    }
    ln.n = 8;
    for (int i = 0; i < 16; i++)
        cbuf[i] = (unsigned char)(3 * i);
    for (int i = 0; i < 8; i++)
        trail[i] = 8 - i;
    for (int i = 0; i < nv; i++)
        vv[i] = (v4d){i, 2 * i, 3 * i, 4 * i};

#pragma omp parallel
#pragma omp single
    {
        for (int k = 0; k < NT; k++) {
#pragma omp task firstprivate(buf, ln, vec, cbuf, k, trail, pair, vv) shared(mis, out)
            {
                mis[k] = mis_of(buf, 64) + mis_of(&ln, 64) + mis_of(&vec, 32) +
                         mis_of(cbuf, 128) + mis_of(trail, 64) + mis_of(&pair, 64) +
                         mis_of(vv, 32);
                v4d w = vec * vec + (v4d){k, k, k, k} + vv[k % nv];
                double s = pair.lo * k + pair.hi;
                for (int i = 0; i < 8; i++)
                    s += buf[i] + ln.x[i] + cbuf[i] + cbuf[i + 8] + trail[i] * i;
                out[k] = s + w[0] + w[1] + w[2] + w[3];
            }
        }
#pragma omp taskwait
    }

    /* a taskloop's tasks each get their copy */
    long tl_mis = 0;
    double tl_sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(2) firstprivate(vec, buf, vv) reduction(+: tl_mis, tl_sum)
    for (int i = 0; i < 16; i++) {
        tl_mis += mis_of(&vec, 32) + mis_of(buf, 64) + mis_of(vv, 32);
        v4d w = vec * (v4d){i, i, i, i} + vv[i % nv];
        tl_sum += w[0] + w[3] + buf[i % 8];
    }

    long fn_mis = 0;
    double fs = 0;
#pragma omp parallel
#pragma omp single
    fs = line_sum(&ln, &fn_mis);

    long total_mis = tl_mis + fn_mis;
    double total = tl_sum + fs;
    for (int k = 0; k < NT; k++) {
        total_mis += mis[k];
        total += out[k] * (k + 1);
    }
    printf("misaligned %ld %ld %ld %ld\n", mis[0], mis[NT - 1], tl_mis, fn_mis);
    printf("total misaligned %ld\n", total_mis);
    printf("sum %.3f %.3f %.3f %.3f\n", total, tl_sum, fs, local_aligned_sum());
    return 0;
}
