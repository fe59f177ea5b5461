/* ported: openmp
   ported-werror
   conjugate gradients on a 1-D Laplacian split into blocks, each iteration one taskgraph:
   partial dot products per block, a task combining them into alpha (reading rho by value,
   firstprivate as OpenMP makes an unlisted local), a task computing the new rho and beta
   (shared), the convergence test outside the graph after a taskwait, graph_reset when the
   size changes (the vectors are allocated again); mcc compared only the variables the
   block's code read, not rho (shared by another task of the graph): the graph was replayed
   with the rho of its first iteration */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BS 32

static void matvec(const double *x, double *y, int n, int lo)
{
    for (int i = lo; i < lo + BS && i < n; i++)
        y[i] = 2 * x[i] - (i > 0 ? x[i - 1] : 0) - (i < n - 1 ? x[i + 1] : 0);
}

int main(void)
{
    int sizes[] = {128, 128, 256, 64};
    int prev = 0;
    for (int k = 0; k < 4; k++) {
        int n = sizes[k], nb = (n + BS - 1) / BS;
        double *x = calloc(n, sizeof *x), *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
        double *q = malloc(n * sizeof *q), *part = calloc(nb, sizeof *part);
        for (int i = 0; i < n; i++)
            r[i] = p[i] = 1.0 + (i % 5) * 0.1;
        double rho = 0, pq = 0, alpha = 0, beta = 0;
        for (int i = 0; i < n; i++)
            rho += r[i] * r[i];
        int it = 0;
        while (sqrt(rho) > 1e-8 && it < 2 * n) {
            #pragma omp taskgraph graph_reset(n != prev)
            {
                for (int b = 0; b < nb; b++) {
                    int lo = b * BS;
                    #pragma omp task depend(in: p[0:n]) depend(out: q[lo:BS], part[b])
                    {
                        matvec(p, q, n, lo);
                        double s = 0;
                        for (int i = lo; i < lo + BS; i++)
                            s += p[i] * q[i];
                        part[b] = s;
                    }
                }
                #pragma omp task depend(in: part[0:nb]) depend(out: pq, alpha) shared(pq, alpha)
                {
                    pq = 0;
                    for (int b = 0; b < nb; b++)
                        pq += part[b];
                    alpha = rho / pq;
                }
                for (int b = 0; b < nb; b++) {
                    int lo = b * BS;
                    #pragma omp task depend(in: alpha, q[lo:BS]) depend(inout: x[lo:BS], r[lo:BS]) \
                                     depend(out: part[b]) shared(alpha)
                    {
                        double s = 0;
                        for (int i = lo; i < lo + BS; i++) {
                            x[i] += alpha * p[i];
                            r[i] -= alpha * q[i];
                            s += r[i] * r[i];
                        }
                        part[b] = s;
                    }
                }
                #pragma omp task depend(in: part[0:nb]) depend(inout: rho) depend(out: beta) \
                                 shared(rho, beta)
                {
                    double nr = 0;
                    for (int b = 0; b < nb; b++)
                        nr += part[b];
                    beta = nr / rho;
                    rho = nr;
                }
                for (int b = 0; b < nb; b++) {
                    int lo = b * BS;
                    #pragma omp task depend(in: beta, r[lo:BS]) depend(inout: p[lo:BS]) shared(beta)
                    for (int i = lo; i < lo + BS; i++)
                        p[i] = r[i] + beta * p[i];
                }
            }
            #pragma omp taskwait
            prev = n;
            it++;
        }
        double s = 0;
        for (int i = 0; i < n; i++)
            s += x[i];
        printf("n=%d (was %d) it=%d converged=%d sum=%.4f\n", n, prev, it, sqrt(rho) <= 1e-8, s);
        free(x);
        free(r);
        free(p);
        free(q);
        free(part);
    }
    return 0;
}
