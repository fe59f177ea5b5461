/* ported: openmp
   ported-werror
   sparselu in the shape of BOTS sparselu "for" version: inside `parallel`, each phase is an
   `omp for` whose iterations create tasks (firstprivate of the loop variables), a `single`
   for the diagonal, the loop barriers ordering the phases; blocks as `float **` rows of a
   flattened block pointer array */
#include <stdio.h>
#include <stdlib.h>

#define NB 10
#define BS 12

static float *blk[NB * NB];

static float *alloc_block(void)
{
    return calloc(BS * BS, sizeof(float));
}

static void lu0(float *d)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            d[i * BS + k] /= d[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                d[i * BS + j] -= d[i * BS + k] * d[k * BS + j];
        }
}

static void fwd(const float *d, float *c)
{
    for (int j = 0; j < BS; j++)
        for (int k = 0; k < BS; k++)
            for (int i = k + 1; i < BS; i++)
                c[i * BS + j] -= d[i * BS + k] * c[k * BS + j];
}

static void bdiv(const float *d, float *r)
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            r[i * BS + k] /= d[k * BS + k];
            for (int j = k + 1; j < BS; j++)
                r[i * BS + j] -= r[i * BS + k] * d[k * BS + j];
        }
}

static void bmod(const float *r, const float *c, float *in)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++) {
            float s = 0;
            for (int k = 0; k < BS; k++)
                s += r[i * BS + k] * c[k * BS + j];
            in[i * BS + j] -= s;
        }
}

static void genmat(float **M)
{
    unsigned s = 77;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            int keep = i == j || abs(i - j) == 1 || (i + 2 * j) % 5 == 0;
            M[i * NB + j] = NULL;
            if (!keep)
                continue;
            float *b = M[i * NB + j] = alloc_block();
            for (int k = 0; k < BS * BS; k++) {
                s = s * 1103515245u + 12345u;
                b[k] = (float)((s >> 16) % 1000) / 1000.0f - 0.5f;
            }
            if (i == j)
                for (int k = 0; k < BS; k++)
                    b[k * BS + k] += 2.0f * BS;
        }
}

int main(void)
{
    float **M = blk;
    genmat(M);
    #pragma omp parallel
    for (int kk = 0; kk < NB; kk++) {
        #pragma omp single
        lu0(M[kk * NB + kk]);

        #pragma omp for nowait
        for (int jj = kk + 1; jj < NB; jj++)
            if (M[kk * NB + jj] != NULL) {
                #pragma omp task firstprivate(kk, jj) shared(M)
                fwd(M[kk * NB + kk], M[kk * NB + jj]);
            }
        #pragma omp for
        for (int ii = kk + 1; ii < NB; ii++)
            if (M[ii * NB + kk] != NULL) {
                #pragma omp task firstprivate(kk, ii) shared(M)
                bdiv(M[kk * NB + kk], M[ii * NB + kk]);
            }

        #pragma omp for
        for (int ii = kk + 1; ii < NB; ii++)
            if (M[ii * NB + kk] != NULL)
                for (int jj = kk + 1; jj < NB; jj++)
                    if (M[kk * NB + jj] != NULL) {
                        #pragma omp task firstprivate(kk, jj, ii) shared(M)
                        {
                            if (M[ii * NB + jj] == NULL)
                                M[ii * NB + jj] = alloc_block();
                            bmod(M[ii * NB + kk], M[kk * NB + jj], M[ii * NB + jj]);
                        }
                    }
    }
    double sum = 0;
    int n = 0;
    for (int i = 0; i < NB * NB; i++)
        if (M[i]) {
            n++;
            for (int k = 0; k < BS * BS; k++)
                sum += M[i][k];
            free(M[i]);
        }
    printf("blocks %d checksum %.6e\n", n, sum);
    return 0;
}
