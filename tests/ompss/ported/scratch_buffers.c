/* ported: openmp
 * A scratch buffer each thread of the region allocates, that a worksharing loop hands to
 * a function filling it for each iteration (`row(tmp, i, out)`), or keeps in a second
 * pointer (`double *t = tmp;`) that it writes through.  In OpenMP each thread has its own
 * buffer; mcc's region has one, so the loop must run as one task (mcc warns): mcc saw no
 * write in the loop and ran it as tasks at once, which filled one buffer from several
 * iterations at a time (a silently wrong result).  A function that only reads through a
 * `const double *` parameter leaves the loop parallel. */
#include <stdio.h>
#include <stdlib.h>

#define N 1500
#define M 256

static void row(double *tmp, int i, double *out)
{
    for (int k = 0; k < M; k++)
        tmp[k] = (i + k) % 13;
    double s = 0;
    for (int r = 0; r < 20; r++)
        for (int k = 0; k < M; k++)
            s += tmp[k] * (r + 1);
    out[i] = s;
}

static double total(const double *v, int n)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        s += v[k];
    return s;
}

int main(void)
{
    static double out[N], out2[N], out3[N];
#pragma omp parallel
    {
        double *tmp = malloc(M * sizeof *tmp);
#pragma omp for
        for (int i = 0; i < N; i++)
            row(tmp, i, out);
#pragma omp for schedule(dynamic, 8)
        for (int i = 0; i < N; i++) {
            double *t = tmp;
            for (int k = 0; k < M; k++)
                t[k] = (i * k) % 17;
            out2[i] = total(t, M);
        }
        free(tmp);
    }
#pragma omp parallel
    {
        const double *src = out;
#pragma omp for
        for (int i = 0; i < N; i++)
            out3[i] = total(src, i % 64);
    }
    double s = 0, s2 = 0, s3 = 0;
    for (int i = 0; i < N; i++) {
        s += out[i] * (i % 7);
        s2 += out2[i] * (i % 5);
        s3 += out3[i];
    }
    printf("%.6e %.6e %.6e\n", s, s2, s3);
    return 0;
}
