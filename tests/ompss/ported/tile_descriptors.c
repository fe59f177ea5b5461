/* ported: openmp
   ported-werror
   PLASMA/KASTORS shape: tiles reached through a descriptor struct and an address function
   (`A(m, n)` a macro calling it), dependences on `*A(m, n)` (gcc refuses a section of a call) */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double *mat;
    int mt, nt, nb;
} desc_t;

static inline double *tile_addr(const desc_t *d, int m, int n)
{
    return d->mat + ((size_t)n * d->mt + m) * d->nb * d->nb;
}

#define A(m, n) tile_addr(&descA, (m), (n))
#define B(m, n) tile_addr(pB, (m), (n))

static void axpy_tile(int nb, double alpha, const double *x, double *y)
{
    for (int i = 0; i < nb * nb; i++)
        y[i] += alpha * x[i];
}

int main(void)
{
    desc_t descA = { NULL, 4, 4, 8 }, descB = { NULL, 4, 4, 8 }, *pB = &descB;
    int nb = descA.nb;
    descA.mat = calloc((size_t)16 * nb * nb, sizeof(double));
    descB.mat = calloc((size_t)16 * nb * nb, sizeof(double));
    for (int i = 0; i < 16 * nb * nb; i++)
        descA.mat[i] = i % 17;
    #pragma omp parallel
    #pragma omp master
    {
        for (int k = 0; k < 4; k++)
            for (int m = 0; m < 4; m++)
                for (int n = 0; n < 4; n++) {
                    #pragma omp task depend(in: *A(m, n)) depend(inout: *B(n, m))
                    axpy_tile(nb, 0.5 + k, A(m, n), B(n, m));
                    #pragma omp task depend(inout: *A(m, n)) depend(in: *B(n, m))
                    axpy_tile(nb, -0.25, B(n, m), A(m, n));
                }
        #pragma omp taskwait
    }
    double s = 0, t = 0;
    for (int i = 0; i < 16 * nb * nb; i++) {
        s += descA.mat[i];
        t += descB.mat[i] * (i % 3);
    }
    printf("%.6f %.6f\n", s, t);
    free(descA.mat);
    free(descB.mat);
    return 0;
}
