/* ported: openmp
 * ported-werror
 * Rodinia hotspot3D's computeTempOMP: a `do` loop of time steps in a parallel region,
 * each a `for` over z writing `tOut_t[c]` through swapped pointers private to each thread,
 * with `c = x + y * nx + z * nx * ny;` computed into a local of the body from the loop
 * indexes (and the neighbours w, e, n, s, b, t from c); also the flat index written in
 * place (`out[x + y * nx + z * nx * ny]`) and kept in an initialized local.  mcc ran each
 * loop as one task with a warning (built with -Werror). */
#include <stdio.h>

#define NX 24
#define NY 16
#define NZ 8

static float pIn[NX * NY * NZ], tIn[NX * NY * NZ], tOut[NX * NY * NZ];

static void computeTempOMP(float *pIn, float *tIn, float *tOut, int nx, int ny, int nz,
                           float cc, float cw, float ce, float cs, float cn, float cb,
                           float ct, float stepDivCap, int numiter)
{
    float amb_temp = 80.0f;
#pragma omp parallel
    {
        int count = 0;
        float *tIn_t = tIn;
        float *tOut_t = tOut;
        do {
            int z;
#pragma omp for
            for (z = 0; z < nz; z++) {
                int y;
                for (y = 0; y < ny; y++) {
                    int x;
                    for (x = 0; x < nx; x++) {
                        int c, w, e, n, s, b, t;
                        c = x + y * nx + z * nx * ny;
                        w = (x == 0) ? c : c - 1;
                        e = (x == nx - 1) ? c : c + 1;
                        n = (y == 0) ? c : c - nx;
                        s = (y == ny - 1) ? c : c + nx;
                        b = (z == 0) ? c : c - nx * ny;
                        t = (z == nz - 1) ? c : c + nx * ny;
                        tOut_t[c] = cc * tIn_t[c] + cw * tIn_t[w] + ce * tIn_t[e] +
                                    cs * tIn_t[s] + cn * tIn_t[n] + cb * tIn_t[b] +
                                    ct * tIn_t[t] + (stepDivCap * pIn[c]) + ct * amb_temp;
                    }
                }
            }
            float *tmp = tIn_t;
            tIn_t = tOut_t;
            tOut_t = tmp;
            count++;
        } while (count < numiter);
    }
}

/* the power map scaled in place, and a checksum plane by plane */
static void scale_power(float *p, int nx, int ny, int nz, float k)
{
#pragma omp parallel
    {
        float *out = p;
#pragma omp for
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++)
                    out[x + y * nx + z * nx * ny] *= k;
#pragma omp for
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int x = 0; x < nx; x++) {
                    int c = y * nx + x + nx * ny * z;
                    out[c] += (float)(c % 3);
                }
    }
}

int main(void)
{
    for (int i = 0; i < NX * NY * NZ; i++) {
        pIn[i] = (float)(i % 7) * 0.5f;
        tIn[i] = 300.0f + (float)(i % 13);
    }
    scale_power(pIn, NX, NY, NZ, 2.0f);
    computeTempOMP(pIn, tIn, tOut, NX, NY, NZ, 0.5f, 0.0625f, 0.0625f, 0.0625f, 0.0625f,
                   0.0625f, 0.0625f, 0.125f, 5);
    double sum = 0.0;
    for (int i = 0; i < NX * NY * NZ; i++)
        sum += (double)tIn[i] * (i % 5 + 1) + (double)tOut[i];
    printf("hotspot3D %.3f\n", sum);
    return 0;
}
