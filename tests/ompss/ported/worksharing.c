/* ported: openmp
 * An OpenMP-task program as people write them: a parallel region with data-sharing
 * clauses, work split by thread number, worksharing loops over local arrays (schedule,
 * private, firstprivate, lastprivate, collapse(2), reduction, nowait then barrier),
 * sections with lastprivate, single with firstprivate and copyprivate, master,
 * taskgroup, tasks that write arrays the whole team shares (some waited for only by the
 * region's end), a threadprivate scratch variable.  Prints what each part computed. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

#define N 240
#define R 12
#define C 20

static volatile int scratch;     /* read back from memory, after a while */
#pragma omp threadprivate(scratch)

static int slow_square(int x)
{
    volatile int s = 0;
    for (int i = 0; i < 2000; i++)
        s += i % 3;
    return x * x + (s - s);
}

int main(void)
{
    int a[N], b[N], c[N], grid[R][C];
    int spmd[N];
    int total = 0, scale = 3, last_i = -1, last_sq = -1, li, lj;
    long rsum = 0;
    int base = 1, sec_last = -1, sec_a = 0, sec_b = 0, once = 0, copied = 0, masters = 0;
    int tasks_out[16], late[16], threads = 0;

#pragma omp parallel default(shared) firstprivate(scale) reduction(+: rsum) num_threads(4) if(1)
    {
        /* SPMD: every thread takes every nth element */
        int id = omp_get_thread_num(), nt = omp_get_num_threads();
        for (int i = id; i < N; i += nt)
            spmd[i] = 2 * i;

#pragma omp for schedule(static)
        for (int i = 0; i < N; i++)
            a[i] = i * scale;

#pragma omp for schedule(dynamic, 7) nowait
        for (int i = 0; i < N; i++)
            b[i] = slow_square(i % 17);
#pragma omp barrier

        int tmp;
#pragma omp for private(tmp) lastprivate(last_i, last_sq) schedule(guided, 5)
        for (int i = 0; i < N; i++) {
            tmp = a[i] + b[i];
            c[i] = tmp;
            last_i = i;
            last_sq = b[i];
        }

#pragma omp for collapse(2) lastprivate(lj) schedule(static, 9)
        for (li = 0; li < R; li++)
            for (lj = 0; lj < C; lj++)
                grid[li][lj] = li * 100 + lj + c[(li * C + lj) % N];

#pragma omp for reduction(+: total)
        for (int i = 0; i < N; i++)
            total += c[i] % 97;

        for (int i = 0; i < N; i++)
            rsum += spmd[i] % 5;          /* once per thread, combined by the reduction */
#pragma omp atomic
        threads++;

#pragma omp sections lastprivate(sec_last)
        {
#pragma omp section
            {
                sec_a = slow_square(11);
                sec_last = 1;
            }
#pragma omp section
            {
                sec_b = slow_square(12);
                sec_last = 2;
            }
        }

        int mine = 0;
#pragma omp single copyprivate(mine)
        mine = 41;
#pragma omp single firstprivate(base)
        {
            base += mine;           /* its own copy: base itself is not read after */
            once += base;
        }
#pragma omp master
        masters++;
#pragma omp single
        copied = mine;

#pragma omp single
#pragma omp taskgroup
        {
            for (int t = 0; t < 16; t++) {
#pragma omp task
                {
                    scratch = t * 3;    /* each thread's own: read back after a while */
                    for (volatile int w = 0; w < 100000; w++)
                        ;
                    tasks_out[t] = slow_square(t) + scratch;
                }
            }
        }

        /* no wait here: the end of the region waits for these */
#pragma omp single nowait
        for (int t = 0; t < 16; t++) {
#pragma omp task
            late[t] = slow_square(t + 100);
        }
    }
    long check = 0;
    for (int i = 0; i < N; i++)
        check += spmd[i] + a[i] * 3 + b[i] * 5 + c[i] * 7;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            check += grid[i][j] * (i + j + 1);
    for (int t = 0; t < 16; t++)
        check += tasks_out[t] + 3 * late[t];
    printf("check %ld\n", check);
    printf("total %d, rsum per thread %ld\n", total, rsum / threads);
    printf("lastprivate: i %d, square %d, lj %d\n", last_i, last_sq, lj);
    printf("sections: %d %d, last %d\n", sec_a, sec_b, sec_last);
    printf("single: once %d, copied %d, master %d\n", once, copied, masters);
    return 0;
}
