/* AMD APP SDK kernels (amd_sdk.cl) against sequential C: Black-Scholes on float4 options
 * (exp, log: within a tolerance), an 8 x 8 DCT forwards and backwards (exact arithmetic:
 * digested), one n-body step (rsqrt: within a tolerance). */
#include "ocl_cpu_check.h"

#define W 16                 /* blackScholes: W x H float4 options */
#define H 8
#define DW 32                /* DCT: DW x DH, 8 x 8 blocks */
#define DH 16
#define NB 256               /* nbody: bodies, groups of NBL */
#define NBL 64

typedef struct {
    float x, y, z, w;
} f4;

#pragma omp target device(opencl) ndrange(2, W, H) file(amd_sdk.cl) copy_deps
#pragma omp task in([W * H]rnd) out([W * H]call, [W * H]put)
__kernel void blackScholes(const __global f4 *rnd, int width, __global f4 *call,
                           __global f4 *put);

#pragma omp target device(opencl) ndrange(2, DW, DH, 8, 8) shmem(64 * sizeof(float)) \
    file(amd_sdk.cl) copy_deps
#pragma omp task out([DW * DH]out) in([DW * DH]in, [64]dct)
__kernel void DCT(__global float *out, __global float *in, __global float *dct,
                  __local float *inter, const unsigned width, const unsigned bw,
                  const unsigned inverse);

#pragma omp target device(opencl) ndrange(1, NB, NBL) shmem(NBL * sizeof(f4)) \
    file(amd_sdk.cl) copy_deps
#pragma omp task in([NB]pos, [NB]vel) out([NB]np, [NB]nv)
__kernel void nbody_sim(__global f4 *pos, __global f4 *vel, int n, float dt, float eps,
                        __local f4 *lp, __global f4 *np, __global f4 *nv);

static f4 rnd[W * H], call[W * H], put[W * H];
static float img[DW * DH], fwd[DW * DH], back[DW * DH], dct[64];
static f4 pos[NB], vel[NB], np[NB], nv[NB];

static int near(double got, double want, double tol)
{
    return fabs(got - want) <= tol * (1.0 + fabs(want));
}

static float phi_ref(float x)
{
    float t = 1.0f / (1.0f + 0.2316419f * fabsf(x));
    float p = 0.319381530f +
              t * (-0.356563782f + t * (1.781477937f + t * (-1.821255978f + t * 1.330274429f)));
    float y = 1.0f - 0.398942280f * expf(-x * x / 2.0f) * t * p;
    return x < 0 ? 1.0f - y : y;
}

static void check_options(void)
{
    for (int i = 0; i < W * H; i++) {
        const float *r = &rnd[i].x, *c = &call[i].x, *p = &put[i].x;
        for (int j = 0; j < 4; j++) {
            float in = r[j];
            float S = 10.0f * in + 100.0f * (1.0f - in), K = 10.0f * in + 100.0f * (1.0f - in);
            float T = 1.0f * in + 10.0f * (1.0f - in), R = 0.01f * in + 0.05f * (1.0f - in);
            float sg = 0.01f * in + 0.10f * (1.0f - in);
            float sst = sg * sqrtf(T);
            float d1 = (logf(S / K) + (R + sg * sg / 2.0f) * T) / sst, d2 = d1 - sst;
            float ke = K * expf(-R * T);
            float wc = S * phi_ref(d1) - ke * phi_ref(d2);
            float wp = ke * phi_ref(-d1) - S * phi_ref(-d2);
            CHECK(near(c[j], wc, 1e-4), "blackScholes: call[%d].s%d = %g, expected %g", i, j,
                  c[j], wc);
            CHECK(near(p[j], wp, 1e-4), "blackScholes: put[%d].s%d = %g, expected %g", i, j,
                  p[j], wp);
        }
    }
}

/* out = the kernel's two products of each 8 x 8 block of in with dct (transposed when
 * inverse) */
static void check_dct(const float *in, const float *out, int inv)
{
    for (int y = 0; y < DH; y++)
        for (int x = 0; x < DW; x++) {
            int bx = x / 8 * 8, by = y / 8 * 8, i = x % 8, j = y % 8;
            float want = 0.0f;
            for (int k = 0; k < 8; k++) {
                float t = 0.0f;      /* inter[i][k]: item (k, i) of the first product */
                for (int kk = 0; kk < 8; kk++)
                    t += dct[inv ? k * 8 + kk : kk * 8 + k] * in[(by + kk) * DW + bx + i];
                want += t * dct[inv ? j * 8 + k : k * 8 + j];
            }
            CHECK(near(out[y * DW + x], want, 1e-4), "DCT (inverse %d): (%d, %d) = %g, "
                  "expected %g", inv, x, y, out[y * DW + x], want);
        }
}

static void check_bodies(void)
{
    const double dt = 0.01;
    for (int i = 0; i < NB; i++) {
        double a[3] = {0, 0, 0};
        for (int j = 0; j < NB; j++) {
            double r[3] = {pos[j].x - pos[i].x, pos[j].y - pos[i].y, pos[j].z - pos[i].z};
            double inv = 1.0 / sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + 0.5);
            for (int d = 0; d < 3; d++)
                a[d] += pos[j].w * inv * inv * inv * r[d];
        }
        const float *p = &pos[i].x, *v = &vel[i].x, *q = &np[i].x, *u = &nv[i].x;
        for (int d = 0; d < 3; d++) {
            double wp = p[d] + v[d] * dt + a[d] * 0.5 * dt * dt, wv = v[d] + a[d] * dt;
            CHECK(near(q[d], wp, 1e-4), "nbody: body %d position %d = %g, expected %g", i, d,
                  q[d], wp);
            CHECK(near(u[d], wv, 1e-3), "nbody: body %d velocity %d = %g, expected %g", i, d,
                  u[d], wv);
        }
        CHECK(q[3] == p[3], "nbody: body %d mass %g, expected %g", i, q[3], p[3]);
    }
}

int main(void)
{
    for (int i = 0; i < W * H; i++)
        rnd[i] = (f4){(float)((i * 37) % 101) / 101.0f, (float)((i * 53) % 97) / 97.0f,
                      (float)((i * 17) % 89) / 89.0f, (float)((i * 7) % 83) / 83.0f};
    for (int y = 0; y < DH; y++)
        for (int x = 0; x < DW; x++)
            img[y * DW + x] = (float)(((x * 13 + y * 29) % 31) - 15);
    for (int k = 0; k < 8; k++)
        for (int n = 0; n < 8; n++)
            dct[k * 8 + n] = (float)((k ? sqrt(2.0 / 8) : sqrt(1.0 / 8)) *
                                     cos((2 * n + 1) * k * M_PI / 16));
    for (int i = 0; i < NB; i++) {
        pos[i] = (f4){(float)(i % 16), (float)(i / 16), (float)((i * 7) % 5),
                      1.0f + (float)(i % 3)};
        vel[i] = (f4){0.1f * (float)(i % 4), 0.0f, -0.05f * (float)(i % 7), 0.0f};
    }
    blackScholes(rnd, W, call, put);
    DCT(fwd, img, dct, 0, DW, 8, 0);
    DCT(back, fwd, dct, 0, DW, 8, 1);
    nbody_sim(pos, vel, NB, 0.01f, 0.5f, 0, np, nv);
#pragma omp taskwait
    check_options();
    check_dct(img, fwd, 0);
    check_dct(fwd, back, 1);
    check_bodies();
    digest("dct", fwd, sizeof fwd);
    digest("idct", back, sizeof back);
    printf("result: OK\n");
    return 0;
}
