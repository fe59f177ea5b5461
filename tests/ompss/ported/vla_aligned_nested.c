/* ported-werror
   A task creates tasks that take firstprivate copies of over-aligned VLAs of their
   function, as blocked SIMD codes do: `double buf[n] __attribute__((aligned(64)))`, a
   `_Alignas(64)` VLA, a VLA typedef'd with `aligned(64)`, a VLA of 32-aligned rows
   (`typedef double row4[4] __attribute__((aligned(32)))`), filled from an array
   parameter.  The outer task's copies were aligned as declared, but a task nested in it
   copied them from the outer task's pointer to the array type, which has only the type's
   alignment: its copies were 16-aligned (mcc's vla_copy), so code using aligned loads on
   them crashes.  Prints the misalignments (0) and checksums of each level's copies. */
#include <stdio.h>
#include <stdint.h>

typedef double row4[4] __attribute__((aligned(32)));
typedef unsigned long ulong_t;

#define LEVELS 3

static ulong_t mis[LEVELS];
static double sums[LEVELS];

static ulong_t mis_of(const void *p, uintptr_t align)
{
    return (ulong_t)((uintptr_t)p % align);
}

static double sum_of(int n, const double *a, const double *b, const double *c, row4 *r)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] + 2 * b[i] + 3 * c[i] + 4 * r[i][0] + r[i][3];
    return s;
}

static void blocks(int n, const double src[n])
{
    double a[n] __attribute__((aligned(64)));
    _Alignas(64) double b[n];
    typedef double vec_t[n] __attribute__((aligned(64)));
    vec_t c;
    row4 r[n];
    for (int i = 0; i < n; i++) {
        a[i] = src[i];
        b[i] = src[i] * 0.5;
        c[i] = -src[i];
        r[i][0] = src[i] + 1;
        r[i][3] = i;
    }
#pragma omp task firstprivate(a, b, c, r)
    {
        mis[0] += mis_of(a, 64) + mis_of(b, 64) + mis_of(c, 64) + mis_of(r, 32);
        sums[0] += sum_of(n, a, b, c, r);
        for (int i = 0; i < n; i++)
            a[i] += 1;              /* the nested copies are of this task's copies */
#pragma omp task firstprivate(a, b, c, r)
        {
            mis[1] += mis_of(a, 64) + mis_of(b, 64) + mis_of(c, 64) + mis_of(r, 32);
            sums[1] += sum_of(n, a, b, c, r);
            b[0] += 10;
#pragma omp task firstprivate(a, b, c, r)
            {
                mis[2] += mis_of(a, 64) + mis_of(b, 64) + mis_of(c, 64) + mis_of(r, 32);
                sums[2] += sum_of(n, a, b, c, r);
            }
#pragma omp taskwait
        }
#pragma omp taskwait
    }
#pragma omp taskwait
}

int main(void)
{
    double src[40];
    for (int i = 0; i < 40; i++)
        src[i] = i * 1.25 - 7;
    for (int n = 1; n <= 40; n += 3)
        blocks(n, src);
    for (int l = 0; l < LEVELS; l++)
        printf("level %d: misaligned %lu, sum %.3f\n", l, mis[l], sums[l]);
    return 0;
}
