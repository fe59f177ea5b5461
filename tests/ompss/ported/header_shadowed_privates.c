/* ported: openmp
 * ported-werror
 * Rodinia srad's `parallel for ... private(i, j, k, Jc, G2, ...)` over `for (int i = 0; ...)`
 * and `for (int j = 0; ...)`: the clause lists the variables declared before the loop, which
 * the headers declare again; also collapse(2) private(i, j), a taskloop private(i),
 * firstprivate(j) of a hidden j and firstprivate(i) of a hidden i.  mcc gave the task two
 * members named i (gcc: "duplicate member 'i'") and took firstprivate(i) for the loop's own. */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 24
#define COLS 20

static float J[ROWS * COLS], c[ROWS * COLS];
static float dN[ROWS * COLS], dS[ROWS * COLS], dW[ROWS * COLS], dE[ROWS * COLS];
static int iN[ROWS], iS[ROWS], jW[COLS], jE[COLS];

static void srad(int rows, int cols, int niter, float lambda, float q0sqr)
{
    int i, j, k;
    float Jc, G2, L, num, den, qsqr, cN, cS, cW, cE, D;
    for (int iter = 0; iter < niter; iter++) {
#pragma omp parallel for shared(J, dN, dS, dW, dE, c, rows, cols, iN, iS, jW, jE) private(i, j, k, Jc, G2, L, num, den, qsqr)
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                k = i * cols + j;
                Jc = J[k];
                dN[k] = J[iN[i] * cols + j] - Jc;
                dS[k] = J[iS[i] * cols + j] - Jc;
                dW[k] = J[i * cols + jW[j]] - Jc;
                dE[k] = J[i * cols + jE[j]] - Jc;
                G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
                L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
                num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
                den = 1 + (.25f * L);
                qsqr = num / (den * den);
                den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
                c[k] = 1.0f / (1.0f + den);
                if (c[k] < 0)
                    c[k] = 0;
                else if (c[k] > 1)
                    c[k] = 1;
            }
        }
#pragma omp parallel for shared(J, c, rows, cols, lambda) private(i, j, k, D, cS, cN, cW, cE)
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                k = i * cols + j;
                cN = c[k];
                cS = c[iS[i] * cols + j];
                cW = c[k];
                cE = c[i * cols + jE[j]];
                D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
                J[k] = J[k] + 0.25f * lambda * D;
            }
        }
    }
    (void)i;
    (void)j;
}

int main(void)
{
    for (int i = 0; i < ROWS; i++) {
        iN[i] = i > 0 ? i - 1 : 0;
        iS[i] = i < ROWS - 1 ? i + 1 : ROWS - 1;
    }
    for (int j = 0; j < COLS; j++) {
        jW[j] = j > 0 ? j - 1 : 0;
        jE[j] = j < COLS - 1 ? j + 1 : COLS - 1;
    }
    for (int k = 0; k < ROWS * COLS; k++)
        J[k] = 1.0f + (float)((k * 37) % 101) / 101.0f;
    srad(ROWS, COLS, 4, 0.5f, 0.05f);
    double s = 0;
    for (int k = 0; k < ROWS * COLS; k++)
        s += J[k];
    printf("srad %.4f\n", s);

    int i = 7, j = 8;
    int a[40] = {0};
#pragma omp parallel for collapse(2) private(i, j)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 10; j++)
            a[i * 10 + j] = i * j;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop private(i) grainsize(3)
    for (int i = 0; i < 40; i++)
        a[i] += i;
#pragma omp parallel for firstprivate(j) reduction(+: i)
    for (int j = 0; j < 40; j++)
        a[j] += 1;
#pragma omp parallel for firstprivate(i)
    for (int i = 0; i < 40; i++)
        a[i] *= 2;
    long t = 0;
    for (int k = 0; k < 40; k++)
        t += (long)a[k] * (k + 1);
    printf("i %d j %d t %ld\n", i, j, t);
    return 0;
}
