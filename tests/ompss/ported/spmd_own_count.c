/* ported: openmp
 * ported-seq-libs: -lgomp
 * SPMD regions that split their work by omp_get_thread_num() over a count of the
 * program's own, as hand-written OpenMP codes do (the count is 1 without OpenMP): a cyclic
 * split by omp_get_max_threads() read before the region, partial results combined under
 * `critical`; a block split `[id * n / NP, (id + 1) * n / NP)` of a `num_threads(NP)`
 * region in a helper taking an array parameter, with a region `reduction`, `private` and
 * `firstprivate` variables, a `masked filter(2)`, a `master`, an `atomic` count per thread
 * and a closing `barrier`; per-thread slots `slot[id]` of a typedef'd struct summed after
 * the region; a region in a function called twice with different counts (a VLA parameter).
 * mcc ran each body once as thread 0 of a team of one: only thread 0's share was done,
 * silently where the body had a critical or atomic (`cyclic: 124500` of 499500 on 4
 * workers); now the body runs once per thread number.
 */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#define NP 4
#define THREAD_NUM() omp_get_thread_num()
#define MAX_THREADS() omp_get_max_threads()
#else
#define NP 1
#define THREAD_NUM() 0
#define MAX_THREADS() 1
#endif

#define N 1000

typedef struct {
    double sum;
    int count;
} slot_t;

static double a[N], b[N];

static void fill_block(double x[], int n, int id, double scale)
{
    for (int i = id * n / NP; i < (id + 1) * n / NP; i++)
        x[i] += i * scale;
}

static double cyclic(void)
{
    int nth = MAX_THREADS();
    double total = 0;
#pragma omp parallel
    {
        int id = THREAD_NUM();
        double local = 0;
        for (int i = id; i < N; i += nth) {
            a[i] = i;
            local += i;
        }
#pragma omp critical
        total += local;
    }
    return total;
}

static void blocks(double *sum, int *masked, int *hits)
{
    double scale = 0.5, tmp, r = 0;
    int m = 0;
#pragma omp parallel num_threads(NP) reduction(+: r) private(tmp) firstprivate(scale)
    {
        int id = THREAD_NUM();
        tmp = id * 2.0;
        scale += 1.0;           /* each thread's own copy: 1.5 in every one */
        fill_block(b, N, id, scale);
        r += tmp;
#pragma omp masked filter(2)
        m += 10;
#pragma omp master
        m += 1;
#pragma omp atomic
        hits[id]++;
#pragma omp barrier
    }
    *masked = m;
    *sum = r;
}

static void slots(slot_t *slot, int np)
{
#pragma omp parallel num_threads(np)
    {
        int id = THREAD_NUM();
        for (int i = id; i < N; i += np) {
            slot[id].sum += i;
            slot[id].count++;
        }
    }
}

static double rows(int n, int m, double g[n][m], int np)
{
    double total = 0;
#pragma omp parallel num_threads(np)
    {
        int id = THREAD_NUM();
        for (int r = id; r < n; r += np)
            for (int c = 0; c < m; c++)
                g[r][c] = r * m + c;
#pragma omp critical(rows_total)
        for (int r = id; r < n; r += np)
            total += g[r][0];
    }
    return total;
}

int main(void)
{
    printf("cyclic: %g\n", cyclic());
    double s = 0;
    for (int i = 0; i < N; i++)
        s += a[i];
    printf("cyclic array: %g\n", s);

    double sum = 0;
    int masked = 0, hits[8] = {0};
    blocks(&sum, &masked, hits);
    s = 0;
    for (int i = 0; i < N; i++)
        s += b[i];
    int nhits = 0;
    for (int t = 0; t < 8; t++)
        nhits += hits[t] == 1;
    printf("blocks: %g, reduction %s, masked %s, every thread once %s\n", s,
           sum == NP * (NP - 1.0) ? "right" : "wrong",
           masked == 11 ? "right" : "wrong", nhits == NP ? "yes" : "no");

    int np = MAX_THREADS() < 8 ? MAX_THREADS() : 8;
    slot_t *slot = calloc((size_t)np, sizeof *slot);
    slots(slot, np);
    double ss = 0;
    int cnt = 0;
    for (int t = 0; t < np; t++) {
        ss += slot[t].sum;
        cnt += slot[t].count;
    }
    printf("slots: %g in %d\n", ss, cnt);
    free(slot);

    static double g1[6][5], g2[9][3];
    printf("rows: %g %g\n", rows(6, 5, g1, NP), rows(9, 3, g2, np));
    s = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 3; c++)
            s += g2[r][c];
    printf("rows array: %g\n", s);
    return 0;
}
