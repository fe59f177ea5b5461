/* OpenCL tasks over kernels in the shapes of GPU codes (kernels/gpu_shapes.cl; see its
 * head): 1-, 2- and 3-D ranges whose global sizes the local sizes do not divide (rounded
 * up, the kernels bound-check), a local size from a parameter and __local memory sized by
 * shmem(...) of it, a header shared with the .cl (a struct by value, #ifdef
 * __OPENCL_VERSION__ parts), a #define given as --opencl-build-opts (run.sh), an smp task
 * between two kernels, and loops launching the same kernels over the two halves of an
 * array of odd length.  Each result checked against sequential C. */
#include <math.h>
#include <limits.h>
#include "ompss_check.h"
#include "kernels/gpu_shapes.h"

#define M 37
#define N 45
#define K 29
#define RN 1000
#define RL 64
#define HN 5000
#define NBINS 16
#define SN 777
#define SL 32
#define W 50
#define H 21
#define VN 1024
#define NX 9
#define NY 7
#define NZ 5
#define AN 1001

#pragma omp target device(opencl) ndrange(2, n, m, TILE, TILE) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task in([m * k]A, [k * n]B) out([m * n]C)
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
                     int m, int n, int k);

#pragma omp target device(opencl) ndrange(1, n, l) shmem(l * sizeof(float)) \
    file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task in([n]x) out([(n + l - 1) / l]partial)
__kernel void reduce(__global const float *x, __global float *partial, __local float *scratch,
                     int n, int l);

#pragma omp target device(opencl) ndrange(1, 256, 64) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task in([n]data) inout([NBINS]bins)
__kernel void histo(__global const unsigned *data, __global unsigned *bins, int n);

#pragma omp target device(opencl) ndrange(1, nb * SL, SL) shmem(2 * SL * sizeof(float)) \
    file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task inout([n]x) out([nb]sums)
__kernel void scan_block(__global float *x, __global float *sums, __local float *t, int n, int nb);

#pragma omp target device(opencl) ndrange(1, n, SL) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task inout([n]x) in([nb]offs)
__kernel void scan_add(__global float *x, __global const float *offs, int n, int nb);

#pragma omp target device(opencl) ndrange(2, w, h, TILE, TILE) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task in([w * h]in) out([w * h]out)
__kernel void stencil(__global const float *in, __global float *out, int w, int h);

#pragma omp target device(opencl) ndrange(1, p.n / 4, 16) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task in([p.n]in) out([p.n]out, [p.n]q)
__kernel void vec(__global const float *in, __global float *out, __global int *q, params_t p);

#pragma omp target device(opencl) ndrange(3, nx, ny, nz, 4, 4, 2) file(kernels/gpu_shapes.cl) \
    copy_deps
#pragma omp task inout([nx * ny * nz]v)
__kernel void box3(__global float *v, int nx, int ny, int nz);

#pragma omp target device(opencl) ndrange(1, n) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task inout([n]a)
__kernel void step_k(__global float *a, int n, float k);

#pragma omp target device(opencl) ndrange(1, n, 32) file(kernels/gpu_shapes.cl) copy_deps
#pragma omp task inout([n]a, [n]b)
__kernel void mix_halves(__global float *a, __global float *b, int n);

static float A[M * K], B[K * N], C[M * N];
static float rx[RN], partial[(RN + RL - 1) / RL];
static unsigned hd[HN], bins[NBINS];
static float sx[SN], sref[SN], ssums[(SN + 2 * SL - 1) / (2 * SL)];
static float sin_[W * H], sout[W * H];
static float vin[VN], vout[VN];
static int vq[VN];
static float bv[NX * NY * NZ], bref[NX * NY * NZ];
static float ha[AN], href[AN];

static int near(float a, float b, float tol)
{
    return fabsf(a - b) <= tol * fmaxf(1.0f, fabsf(b));
}

int main(void)
{
    for (int i = 0; i < M * K; i++)
        A[i] = (float)((i * 7) % 13) - 6.0f;
    for (int i = 0; i < K * N; i++)
        B[i] = (float)((i * 5) % 11) - 5.0f;
    matmul(A, B, C, M, N, K);

    for (int i = 0; i < RN; i++)
        rx[i] = (float)(i % 17);
    reduce(rx, partial, 0, RN, RL);

    for (int i = 0; i < HN; i++)
        hd[i] = (unsigned)(i * 2654435761u) >> 7;
    histo(hd, bins, HN);

    for (int i = 0; i < SN; i++)
        sx[i] = sref[i] = (float)(i % 5);
    int nb = (SN + 2 * SL - 1) / (2 * SL);
    scan_block(sx, ssums, 0, SN, nb);
#pragma omp task inout(ssums)
    {
        float run = 0;
        for (int b = 0; b < nb; b++) {
            float t = ssums[b];
            ssums[b] = run;
            run += t;
        }
    }
    scan_add(sx, ssums, SN, nb);

    for (int i = 0; i < W * H; i++)
        sin_[i] = (float)((i * 3) % 7);
    stencil(sin_, sout, W, H);

    for (int i = 0; i < VN; i++)
        vin[i] = (float)(i % 50) * 0.1f - 2.5f;
    params_t p = {3.5f, -0.25f, VN, 0};
    vec(vin, vout, vq, p);

    for (int i = 0; i < NX * NY * NZ; i++)
        bv[i] = bref[i] = (float)i;
    box3(bv, NX, NY, NZ);

    for (int i = 0; i < AN; i++)
        ha[i] = href[i] = (float)(i % 9);
    int h1 = AN / 2, h2 = AN - AN / 2;
    for (int it = 0; it < 6; it++) {
        step_k(ha, h1, 0.5f);
        step_k(ha + h1, h2, 0.25f);
        mix_halves(ha, ha + h2 - 1, h1);   /* the second half's last h1 */
    }
#pragma omp taskwait
    /* checks */
    for (int r = 0; r < M; r++)
        for (int c = 0; c < N; c++) {
            float s = 0;
            for (int k = 0; k < K; k++)
                s += A[r * K + k] * B[k * N + c];
            CHECK(C[r * N + c] == s, "C[%d][%d] = %g, want %g", r, c, C[r * N + c], s);
        }
    for (int g = 0; g < (RN + RL - 1) / RL; g++) {
        float s = 0;
        for (int i = g * RL; i < RN && i < (g + 1) * RL; i++)
            s += rx[i];
        CHECK(partial[g] == s, "partial[%d] = %g, want %g", g, partial[g], s);
    }
    unsigned want[NBINS] = {0};
    for (int i = 0; i < HN; i++)
        want[hd[i] % NBINS]++;
    for (int b = 0; b < NBINS; b++)
        CHECK(bins[b] == want[b], "bins[%d] = %u, want %u", b, bins[b], want[b]);
    float run = 0;
    for (int i = 0; i < SN; i++) {
        CHECK(sx[i] == run, "scan[%d] = %g, want %g", i, sx[i], run);
        run += sref[i];
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
#define AT(X, Y) sin_[(Y) * W + (X)]
            float s = 0.5f * AT(x, y) +
                      0.125f * (AT(x, y > 0 ? y - 1 : 0) + AT(x, y < H - 1 ? y + 1 : H - 1) +
                                AT(x > 0 ? x - 1 : 0, y) + AT(x < W - 1 ? x + 1 : W - 1, y));
            CHECK(sout[y * W + x] == s, "stencil[%d][%d] = %g, want %g", y, x, sout[y * W + x],
                  s);
        }
    static const float coef[4] = {0.5f, -1.25f, 2.0f, 0.125f};
    for (int i = 0; i < VN; i++) {
        float w = apply(p, vin[i]) * coef[i % 4] + 1.0f;
        w = w < 0 ? -w : w;
        w += expf(-vin[i]);
        CHECK(near(vout[i], w, 1e-4f), "vec[%d] = %.9g, want %.9g", i, vout[i], w);
        double d = (double)vout[i] * 1e9;
        int qi = d >= INT_MAX ? INT_MAX : d <= INT_MIN ? INT_MIN : (int)(vout[i] * 1e9f);
        CHECK(vq[i] == qi, "q[%d] = %d, want %d (w %.9g)", i, vq[i], qi, vout[i]);
    }
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                int i = (z * NY + y) * NX + x;
                float w = bref[i] + (float)(x + 10 * y + 100 * z) + (float)(x / 4 + 2);
                CHECK(bv[i] == w, "box3[%d][%d][%d] = %g, want %g", z, y, x, bv[i], w);
            }
    for (int it = 0; it < 6; it++) {
        for (int i = 0; i < h1; i++)
            href[i] = href[i] * 0.5f + 1.0f;
        for (int i = h1; i < AN; i++)
            href[i] = href[i] * 0.25f + 1.0f;
        float *a = href, *b = href + h2 - 1;
        for (int i = 0; i < h1; i++) {
            float t = a[i];
            a[i] = 0.5f * (a[i] + b[i]);
            b[i] = t - b[i];
        }
    }
    for (int i = 0; i < AN; i++)
        CHECK(ha[i] == href[i], "halves[%d] = %g, want %g", i, ha[i], href[i]);
    return result_ok();
}
