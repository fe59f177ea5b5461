/* ported: openmp
 * ported-werror
 * Reductions over array sections, as OpenMP codes write them (lower bound and length):
 * a histogram through a pointer parameter (`reduction(+: h[0:nb])`) on a parallel for, an
 * array parameter on a taskloop, a section in the middle of a local array whose body
 * indexes it with the array's own subscripts, rows of a 2-D array, `h[:]` and `h[2:]` of
 * arrays of known size, bounds from macros and expressions, max over a section in a
 * parallel region around a for, task reductions of a taskgroup with in_reduction tasks,
 * a declared reduction on a struct section, tasks created inside a reducing loop that
 * take part in its reduction, and a pointer's section reduced by a region around a for
 * and by a taskloop whose tasks take part.  Elements outside the sections must stay untouched.
 * Prints every result. */
#include <stdio.h>
#include <stdlib.h>

#define N 4000
#define NB 12
#define ROWS 6
#define COLS 5

typedef double vec3[3];

struct minmax {
    int lo, hi;
};

#pragma omp declare reduction(span : struct minmax :                                  \
        omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo,                  \
        omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi)                  \
    initializer(omp_priv = (struct minmax){1 << 30, -(1 << 30)})

static unsigned hash(unsigned x)
{
    x ^= x >> 15;
    x *= 0x2c1b3c6dU;
    x ^= x >> 12;
    return x;
}

static void histogram(const unsigned *data, int n, int *h, int nb)
{
#pragma omp parallel for reduction(+: h[0:nb])
    for (int i = 0; i < n; i++)
        h[data[i] % (unsigned)nb]++;
}

static void accumulate(double acc[], int from, int len, const unsigned *data, int n)
{
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: acc[from:len]) grainsize(100)
    for (int i = 0; i < n; i++)
        acc[from + (int)(data[i] % (unsigned)len)] += (data[i] & 7) * 0.5;
}

/* a pointer's section reduced by a region around a for, and by a taskloop whose
 * iterations create tasks that take part (the pointer as the tasks see it is the copy) */
static void bins(int *h, const unsigned *data, int n)
{
#pragma omp parallel reduction(+: h[1:4])
    {
#pragma omp for
        for (int i = 0; i < n; i++)
            h[1 + (int)(data[i] % 4u)] += 1;
    }
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: h[1:4]) grainsize(64)
    for (int i = 0; i < n; i++) {
#pragma omp task in_reduction(+: h[1:4]) firstprivate(i)
        h[1 + (int)(data[i] >> 3) % 4] += 2;
    }
}

static void centroid(vec3 *pts, int n, vec3 c)
{
#pragma omp parallel for reduction(+: c[0:3])
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            c[k] += pts[i][k];     /* whole numbers: exact in any order */
}

int main(void)
{
    unsigned *data = malloc(N * sizeof *data);
    vec3 *pts = malloc(N * sizeof *pts);
    if (!data || !pts)
        return 1;
    for (int i = 0; i < N; i++) {
        data[i] = hash((unsigned)i + 1);
        for (int k = 0; k < 3; k++)
            pts[i][k] = (double)((data[i] >> (4 * k)) & 255);
    }

    int h[NB] = {0};
    histogram(data, N, h, NB);

    double acc[20];
    for (int i = 0; i < 20; i++)
        acc[i] = -1;            /* outside the section: must stay */
    for (int i = 4; i < 4 + 9; i++)
        acc[i] = 0;
    accumulate(acc, 4, 9, data, N);

    /* the middle of a local array, indexed as the array */
    long mid[16];
    for (int i = 0; i < 16; i++)
        mid[i] = 100 + i;
#pragma omp parallel for reduction(+: mid[5:7])
    for (int i = 0; i < N; i++)
        mid[5 + (int)(data[i] % 7u)] += 1;

    /* rows 1..3 of a 2-D array */
    int cells[ROWS][COLS] = {{0}};
#pragma omp parallel for reduction(+: cells[1:3])
    for (int i = 0; i < N; i++)
        cells[1 + (int)(data[i] % 3u)][data[i] % COLS] += 1;

    /* whole arrays written as sections, the length omitted */
    int all[NB] = {0}, tail[NB] = {0};
#pragma omp parallel for reduction(+: all[:]) reduction(+: tail[2:])
    for (int i = 0; i < N; i++) {
        all[data[i] % NB]++;
        tail[2 + (int)(data[i] % (NB - 2))] += 2;
    }

    /* max over a section: a parallel region with a worksharing loop inside */
    double best[8];
    for (int i = 0; i < 8; i++)
        best[i] = -1e9;
#pragma omp parallel reduction(max: best[1:6])
    {
#pragma omp for
        for (int i = 0; i < N; i++) {
            double v = (double)(data[i] % 100003u) / 7.0;
            if (v > best[1 + i % 6])
                best[1 + i % 6] = v;
        }
    }

    /* task reductions of a taskgroup */
    long tr[10] = {0};
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+: tr[2:6])
        for (int t = 0; t < 40; t++) {
#pragma omp task in_reduction(+: tr[2:6]) firstprivate(t)
            for (int i = t; i < N; i += 40)
                tr[2 + (int)(data[i] % 6u)] += i % 5;
        }
    }

    /* a declared reduction on a struct section */
    struct minmax mm[4];
    for (int k = 0; k < 4; k++)
        mm[k] = (struct minmax){1 << 30, -(1 << 30)};
#pragma omp parallel for reduction(span: mm[0:4])
    for (int i = 0; i < N; i++) {
        int k = (int)(data[i] % 4u), v = (int)(data[i] >> 20);
        if (v < mm[k].lo)
            mm[k].lo = v;
        if (v > mm[k].hi)
            mm[k].hi = v;
    }

    /* tasks created inside a reducing taskloop take part in its reduction */
    int nest[6] = {0};
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: nest[1:4]) num_tasks(8)
    for (int i = 0; i < 400; i++) {
#pragma omp task in_reduction(+: nest[1:4]) firstprivate(i)
        nest[1 + i % 4] += i;
    }

    vec3 c = {0, 0, 0};
    centroid(pts, N, c);
    int hb[6] = {-3, 0, 0, 0, 0, -3};
    bins(hb, data, 1000);

    for (int b = 0; b < NB; b++)
        printf("%d%c", h[b], b + 1 < NB ? ' ' : '\n');
    for (int i = 0; i < 20; i++)
        printf("%g%c", acc[i], i + 1 < 20 ? ' ' : '\n');
    for (int i = 0; i < 16; i++)
        printf("%ld%c", mid[i], i + 1 < 16 ? ' ' : '\n');
    for (int r = 0; r < ROWS; r++)
        for (int k = 0; k < COLS; k++)
            printf("%d%c", cells[r][k], k + 1 < COLS ? ' ' : '\n');
    for (int b = 0; b < NB; b++)
        printf("%d/%d%c", all[b], tail[b], b + 1 < NB ? ' ' : '\n');
    for (int i = 0; i < 8; i++)
        printf("%.4f%c", best[i], i + 1 < 8 ? ' ' : '\n');
    for (int i = 0; i < 10; i++)
        printf("%ld%c", tr[i], i + 1 < 10 ? ' ' : '\n');
    for (int k = 0; k < 4; k++)
        printf("[%d,%d]%c", mm[k].lo, mm[k].hi, k + 1 < 4 ? ' ' : '\n');
    for (int i = 0; i < 6; i++)
        printf("%d%c", nest[i], i + 1 < 6 ? ' ' : '\n');
    printf("%.6f %.6f %.6f\n", c[0] / N, c[1] / N, c[2] / N);
    for (int k = 0; k < 6; k++)
        printf("%d%c", hb[k], k + 1 < 6 ? ' ' : '\n');
    free(data);
    free(pts);
    return 0;
}
