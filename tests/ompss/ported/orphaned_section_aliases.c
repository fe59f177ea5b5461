/* ported: openmp
 * Orphaned `sections` in functions main calls with no region (a team of one, which runs
 * the sections in order), where one section writes a local and another reaches it only
 * through a pointer taken before (`b = *pa;`, `s = ph[0];` for an array the function names
 * alone, `double *ph = h;`), the writer first after some work, or the reader first.  The
 * sections run one after the other (mcc warns).  mcc saw each name in one section alone,
 * ran them as tasks at once, and the reader saw the value before or after the write as
 * the tasks happened to run. */
#include <stdio.h>

static double out[8];

static void busy(volatile double *spin)
{
    for (int k = 0; k < 300000; k++)
        *spin += 1e-9;
}

static void writer_first(void)
{
    double a = 1.0, b = 0.0;
    double *pa = &a;
    volatile double spin = 0.0;
#pragma omp sections
    {
#pragma omp section
        {
            busy(&spin);
            a = 5.0;
        }
#pragma omp section
        b = *pa + 1.0;
    }
    out[0] = a;
    out[1] = b;
}

static void reader_first(void)
{
    double h[4] = {1.0, 2.0, 3.0, 4.0}, s = 0.0;
    const double *ph = h;
    volatile double spin = 0.0;
#pragma omp sections
    {
#pragma omp section
        {
            busy(&spin);
            s = ph[0] + ph[3];
        }
#pragma omp section
        {
            h[0] = 10.0;
            h[3] = 40.0;
        }
    }
    out[2] = s;
    out[3] = h[0] + h[3];
}

int main(void)
{
    writer_first();
    reader_first();
    printf("%.1f %.1f %.1f %.1f\n", out[0], out[1], out[2], out[3]);
    return 0;
}
