/* OpenCL C 2.0's work-group functions (wg_functions.cl) against sequential C. */
#include "ocl_cpu_check.h"

#define G 64
#define N (10 * G)
#define W 16                 /* wg_2d: W x H items in groups of 8 x 4 */
#define H 8
#define ROUNDS 3

#pragma omp target device(opencl) ndrange(1, N, G) file(wg_functions.cl) copy_deps
#pragma omp task in([N]x) out([8 * N]out, [N]fsum)
__kernel void wg_ops(__global const int *x, __global int *out, __global float *fsum);

#pragma omp target device(opencl) ndrange(2, W, H, 8, 4) file(wg_functions.cl) copy_deps
#pragma omp task in([W * H]x) out([3 * W * H]out)
__kernel void wg_2d(__global const long *x, __global long *out);

#pragma omp target device(opencl) ndrange(1, N, G) file(wg_functions.cl) copy_deps
#pragma omp task in([N]x) out([N]out)
__kernel void wg_loop(__global const int *x, __global int *out, int rounds);

static int x[N], out[8 * N], lout[N];
static float fsum[N];
static long x2[W * H], out2[3 * W * H];

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (i * 7919) % 79 - 39;
    for (int i = 0; i < W * H; i++)
        x2[i] = ((long)(i * 104729) % 1000 - 500) * 10000000000L;
    wg_ops(x, out, fsum);
    wg_2d(x2, out2);
    wg_loop(x, lout, ROUNDS);
#pragma omp taskwait
    for (int g = 0; g < N / G; g++) {
        const int *v = &x[g * G];
        int s = 0, mn = v[0], mx = v[0], all = 1, any = 0, inc = 0, imax = v[0], emin = 2147483647;
        float f = 0;
        for (int l = 0; l < G; l++) {
            s += v[l];
            mn = v[l] < mn ? v[l] : mn;
            mx = v[l] > mx ? v[l] : mx;
            all &= v[l] > -40;
            any |= v[l] == 7;
            f += (float)v[l] * 0.5f;
        }
        for (int l = 0; l < G; l++) {
            const int *o = &out[8 * (g * G + l)];
            int want[8] = {s, mn * 1000 + mx, inc + v[l], inc, emin,
                           imax > v[l] ? imax : v[l], v[5], all * 2 + any};
            for (int k = 0; k < 8; k++)
                CHECK(o[k] == want[k], "wg_ops item %d result %d: %d, expected %d", g * G + l, k,
                      o[k], want[k]);
            CHECK(fsum[g * G + l] == f, "wg_ops float sum %g, expected %g", fsum[g * G + l], f);
            inc += v[l];
            imax = imax > v[l] ? imax : v[l];
            emin = emin < v[l] ? emin : v[l];
            int lw = 0;
            for (int r = 1; r <= ROUNDS; r++)
                lw += s * r;
            CHECK(lout[g * G + l] == lw, "wg_loop out[%d] = %d, expected %d", g * G + l,
                  lout[g * G + l], lw);
        }
    }
    for (int gy = 0; gy < H / 4; gy++)
        for (int gx = 0; gx < W / 8; gx++) {
            long inc = 0, b = x2[(gy * 4 + 2) * W + gx * 8 + 3];
            unsigned long m = 0;
            for (int ly = 0; ly < 4; ly++)
                for (int lx = 0; lx < 8; lx++) {
                    unsigned long u = (unsigned long)x2[(gy * 4 + ly) * W + gx * 8 + lx];
                    m = u > m ? u : m;
                }
            for (int ly = 0; ly < 4; ly++)
                for (int lx = 0; lx < 8; lx++) {
                    int i = (gy * 4 + ly) * W + gx * 8 + lx;
                    inc += x2[i];
                    CHECK(out2[3 * i] == inc && out2[3 * i + 1] == b && out2[3 * i + 2] == (long)m,
                          "wg_2d (%d, %d): %ld %ld %ld, expected %ld %ld %ld", gx * 8 + lx,
                          gy * 4 + ly, out2[3 * i], out2[3 * i + 1], out2[3 * i + 2], inc, b,
                          (long)m);
                }
        }
    digest("wg_ops", out, sizeof out);
    digest("wg_2d", out2, sizeof out2);
    digest("wg_loop", lout, sizeof lout);
    printf("result: OK\n");
    return 0;
}
