/* ported: openmp
 * Region bodies that count their threads and also share work by a construct, as OpenMP
 * codes (Rodinia, NPB) size per-thread data: `parallel reduction(+: nt)` with `nt++`
 * beside a `for` adding into part[omp_get_thread_num()] sized by omp_get_max_threads(); an
 * `atomic` count, a barrier, a `single` allocating rows sized by the count, a `for`
 * filling the row of its thread number, and a `for reduction` over the rows, all in one
 * region; counts beside `sections`, `single` and `master`; a count beside a call of a
 * function holding an orphaned `for` (and one whose iterations run in one task, writing
 * the caller's scratch: the first thread to reach it runs it whole; mcc warns); an
 * `atomic` count in a called function; counts beside the team's size asked in a `master`,
 * and `critical` adders of a `for`'s partial sums beside the size a `single` asks (NPB's
 * shape), which must agree. mcc ran each such body once (a count of 1; the rows sized by
 * it were overrun, or a per-thread index past them read). */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_max_threads(void) { return 1; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 3000
#define M 8

static double data[N];

/* An orphaned loop: each thread its share, its own partial sum (NPB's norm()). */
static double share(void)
{
    double s = 0;
#pragma omp for
    for (int i = 0; i < N; i++)
        s += data[i];
    return s;
}

/* An orphaned loop whose iterations write the caller's scratch: one task, one thread. */
static double scratch_rows(double *tmp)
{
    double s = 0;
#pragma omp for
    for (int i = 0; i < M; i++) {
        for (int k = 0; k < M; k++)
            tmp[k] = i + k;
        for (int k = 0; k < M; k++)
            s += tmp[k];
    }
    return s;
}

static void tick(int *n)
{
#pragma omp atomic
    (*n)++;
}

int main(void)
{
    int maxt = omp_get_max_threads();
    for (int i = 0; i < N; i++)
        data[i] = (i % 17) * 0.5;
    double want = 0;
    for (int i = 0; i < N; i++)
        want += data[i];

    /* a reduction count beside a for indexing per-thread sums */
    int nt = 0, over = 0;
    double *part = calloc((size_t)maxt, sizeof *part);
#pragma omp parallel reduction(+: nt, over)
    {
        nt++;
#pragma omp for
        for (int i = 0; i < N; i++) {
            int t = omp_get_thread_num();
            if (t < maxt)
                part[t] += data[i];
            else
                over++;
        }
    }
    double s1 = 0;
    for (int t = 0; t < maxt; t++)
        s1 += part[t];
    free(part);

    /* count, barrier, rows sized by the count, a for filling its thread's row */
    int count = 0, over2 = 0;
    double *rows = NULL, s2 = 0;
#pragma omp parallel reduction(+: over2)
    {
#pragma omp atomic
        count++;
#pragma omp barrier
#pragma omp single
        rows = calloc((size_t)count * M, sizeof *rows);
#pragma omp for
        for (int i = 0; i < N; i++) {
            int t = omp_get_thread_num();
            if (t < count)
                rows[t * M + i % M] += data[i];
            else
                over2++;
        }
#pragma omp for reduction(+: s2)
        for (int r = 0; r < count * M; r++)
            s2 += rows[r];
    }
    free(rows);

    /* counts beside sections, single and master */
    int c4 = 0, secs = 0, c5 = 0, singles = 0, masters = 0;
#pragma omp parallel reduction(+: c4)
    {
        c4++;
#pragma omp sections
        {
#pragma omp section
            {
#pragma omp atomic
                secs += 1;
            }
#pragma omp section
            {
#pragma omp atomic
                secs += 10;
            }
        }
    }
#pragma omp parallel reduction(+: c5)
    {
        c5++;
#pragma omp single
        singles++;
#pragma omp master
        masters++;
    }

    /* counts beside calls of orphaned loops; a count in a called function */
    int c6 = 0, c7 = 0;
    double s6 = 0, s7 = 0;
#pragma omp parallel reduction(+: c6, s6)
    {
        c6++;
        s6 += share();
    }
#pragma omp parallel reduction(+: c7, s7)
    {
        double tmp[M];
        c7++;
        s7 += scratch_rows(tmp);
    }
    int ticks = 0;
#pragma omp parallel
    tick(&ticks);

    /* a count beside the size a master asks; critical adders of a for's partial sums
       beside the size a single asks (NPB's shape) */
    int c8 = 0, size8 = 0, adders = 0, size9 = 0;
    double s3 = 0;
#pragma omp parallel reduction(+: c8)
    {
        c8++;
#pragma omp master
        size8 = omp_get_num_threads();
    }
#pragma omp parallel
    {
        double mine = 0;
#pragma omp single
        size9 = omp_get_num_threads();
#pragma omp for
        for (int i = 0; i < N; i++)
            mine += data[i];
#pragma omp critical
        {
            s3 += mine;
            adders++;
        }
    }

    printf("counts: %d %d %d %d %d %d %d %d\n", nt == maxt, count == maxt, adders == maxt,
           c4 == maxt, c5 == maxt, c6 == maxt, c7 == maxt, ticks == maxt);
    printf("sums: %d %d %d %d %.1f, overran: %d %d\n", s1 == want, s2 == want, s3 == want,
           s6 == want, s7, over, over2);
    printf("sections %d, singles %d, masters %d\n", secs, singles, masters);
    printf("sizes: %d %d %d %d\n", c8 == size8, size8 == maxt, adders == size9,
           size9 == maxt);
    return 0;
}
