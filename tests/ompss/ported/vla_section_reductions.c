/* ported: openmp
 * ported-werror
 * Reductions over sections of VLAs, as codes with run-time sizes write them: Rodinia
 * kmeans with the number of clusters and features read at run time (`long count[k]`,
 * `double sums[k][d]`, `taskgroup task_reduction(+: count[0:k], sums[0:k][0:d])` with
 * `in_reduction` tasks, one of which creates a nested task in the same reduction), a
 * histogram of `nbins` bins on `parallel for reduction(+: hist[0:nbins])`, part of it on
 * `taskloop reduction(+: hist[lo:len])`, `max` over a row of a 2-D VLA `m[r:1][0:w]`, the
 * elements around a reduced part keeping their -0.0.  mcc said "sorry, unimplemented: a
 * reduction over 'count[0:k]', a section or element of 'count', whose type is variably
 * modified or declared inside the function, on a task or loop". */
#include <stdio.h>

static void kmeans_step(int np, int k, int d, const double (*pts)[d], const int *label)
{
    long count[k];
    double sums[k][d];
    for (int c = 0; c < k; c++) {
        count[c] = 0;
        for (int f = 0; f < d; f++)
            sums[c][f] = 0.0;
    }
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: count[0:k], sums[0:k][0:d])
    for (int b = 0; b < np; b += 64) {
#pragma omp task in_reduction(+: count[0:k], sums[0:k][0:d]) firstprivate(b)
        {
            int half = b + 32 < np ? b + 32 : np;
#pragma omp task in_reduction(+: count[0:k]) firstprivate(half)
            for (int i = half; i < half + 32 && i < np; i++)
                count[label[i]]++;
            for (int i = b; i < half; i++)
                count[label[i]]++;
            for (int i = b; i < b + 64 && i < np; i++)
                for (int f = 0; f < d; f++)
                    sums[label[i]][f] += pts[i][f];
        }
    }
    for (int c = 0; c < k; c++) {
        printf("cluster %d: %ld", c, count[c]);
        for (int f = 0; f < d; f++)
            printf(" %.2f", sums[c][f] / (count[c] ? count[c] : 1));
        printf("\n");
    }
}

static void histogram(int n, int nbins, const double *x)
{
    long hist[nbins];
    for (int b = 0; b < nbins; b++)
        hist[b] = 0;
#pragma omp parallel for reduction(+: hist[0:nbins])
    for (int i = 0; i < n; i++)
        hist[(int)(x[i] * nbins) % nbins]++;
    int lo = 2, len = nbins - 4;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: hist[lo:len]) grainsize(50)
    for (int i = 0; i < n; i++)
        hist[lo + i % len] += 10;
    for (int b = 0; b < nbins; b++)
        printf("%ld%c", hist[b], b == nbins - 1 ? '\n' : ' ');
}

static void row_max(int h, int w)
{
    double m[h][w];
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++)
            m[i][j] = -0.0;
    int r = h / 2;
#pragma omp parallel for reduction(max: m[r:1][0:w])
    for (int i = 0; i < 100; i++)
        if ((i * 37) % 101 > m[r][i % w])
            m[r][i % w] = (i * 37) % 101;
    for (int i = 0; i < h; i++) {
        for (int j = 0; j < w; j++)
            printf(" %g", m[i][j]);
        printf(" |");
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    (void)argv;
    int np = 1000, k = 3 + argc, d = 2 + argc;
    double (*pts)[d] = (double (*)[d])__builtin_malloc(sizeof(double[np][d]));
    int label[1000];
    static double x[2000];
    for (int i = 0; i < np; i++) {
        label[i] = (i * 7) % k;
        for (int f = 0; f < d; f++)
            pts[i][f] = (i % 50) * 0.5 + f;
    }
    kmeans_step(np, k, d, (const double (*)[d])pts, label);
    for (int i = 0; i < 2000; i++)
        x[i] = ((i * 7919) % 1000) / 1000.0;
    histogram(2000, 10 + argc, x);
    row_max(3 + argc, 5);
    __builtin_free(pts);
    return 0;
}
