/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * Tasks created in the bodies of worksharing loops: `parallel for schedule(dynamic)` whose
 * iterations each create two tasks (the loop variable firstprivate by default, a result
 * array shared) and wait for them with `taskwait`; a `for` in a region whose iterations
 * open a `taskgroup` of tasks; a `for nowait` creating tasks waited for by the region's
 * barrier; scratch rows indexed by `omp_get_thread_num()` inside the tasks (sized by
 * `omp_get_max_threads()`), a `threadprivate` table every thread fills in a region's body
 * and tasks then read, a `threadprivate` counter set by `copyin`, and one set by an
 * unbraced if/else in a region's body. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 200
#define W 16

static double in[N][W], out[N], out2[N];
static long bucket[N];

static int table[8];
#pragma omp threadprivate(table)
static int bias = 0;
#pragma omp threadprivate(bias)
static int mode = 0;
#pragma omp threadprivate(mode)

static double row_work(const double *r, double *scratch)
{
    double s = 0.0;
    for (int k = 0; k < W; k++)
        scratch[k] = r[k] * r[k];
    for (int k = 0; k < W; k++)
        s += scratch[(k * 5) % W];
    return s;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int k = 0; k < W; k++)
            in[i][k] = (double)((i * 31 + k * 7) % 19) - 9.0;

    int nt = omp_get_max_threads();
    double *scratch = calloc((size_t)nt * W, sizeof(double));

#pragma omp parallel for schedule(dynamic, 3)
    for (int i = 0; i < N; i++) {
#pragma omp task
        out[i] = row_work(in[i], scratch + (size_t)omp_get_thread_num() * W);
#pragma omp task shared(out2)
        out2[i] = in[i][0] + in[i][W - 1];
#pragma omp taskwait
        out2[i] += out[i];
    }
    double s = 0.0;
    for (int i = 0; i < N; i++)
        s += out2[i];
    printf("parallel for + tasks: %.1f\n", s);

#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < N; i += 10) {
#pragma omp taskgroup
            {
                for (int j = i; j < i + 10; j++) {
#pragma omp task firstprivate(j)
                    bucket[j] = (long)out[j] % 97 + j;
                }
            }
            long t = 0;
            for (int j = i; j < i + 10; j++)
                t += bucket[j];
            bucket[i] = t;
        }
#pragma omp for nowait
        for (int i = 0; i < N; i++) {
            if (i % 10 == 0)
                continue;
#pragma omp task
            bucket[i] = -bucket[i];
        }
    }
    long b = 0;
    for (int i = 0; i < N; i++)
        b += bucket[i];
    printf("for + taskgroup, for nowait + tasks: %ld\n", b);

    /* every thread fills its own copy of the table in the region's body */
    long total = 0;
#pragma omp parallel reduction(+: total)
    {
        for (int k = 0; k < 8; k++)
            table[k] = k * k;
#pragma omp barrier
#pragma omp single
        {
            for (int i = 0; i < 40; i++) {
#pragma omp task shared(total)
                {
                    int v = table[i % 8];
#pragma omp atomic
                    total += v;
                }
            }
        }
    }
    printf("threadprivate table read by tasks: %ld\n", total);

    bias = 5;
    long biased = 0;
#pragma omp parallel copyin(bias)
#pragma omp single
    {
        for (int i = 0; i < 30; i++) {
#pragma omp task shared(biased)
            {
#pragma omp atomic
                biased += bias + i;
            }
        }
    }
    printf("copyin bias read by tasks: %ld\n", biased);

    /* set by an if/else without braces in the region's body (mcc's code that gives every
       worker the new value came after the if's statement: "'else' without a previous 'if'") */
    long moded = 0;
#pragma omp parallel
    {
        if (biased > 100)
            mode = 2;
        else
            mode = 1;
#pragma omp single
        for (int i = 0; i < 30; i++) {
#pragma omp task shared(moded)
            {
#pragma omp atomic
                moded += mode * i;
            }
        }
    }
    printf("threadprivate set under if/else: %ld\n", moded);
    free(scratch);
    return 0;
}
