/* Kernels with barriers inside loops and conditionals (barrier_control.cl), each checked
 * against sequential C; prints a digest of every result so that the runs on PoCL and of
 * the translation to C can be compared (tests/devices/opencl-cpu/run.sh). */
#include "ocl_cpu_check.h"

#define G 64                 /* work-group size */
#define NG 16                /* work-groups */
#define M (NG * G)
#define N 1000               /* partial_groups: data that ends inside group 15 */

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(float)) \
    file(barrier_control.cl) copy_deps
#pragma omp task in([M]in) out([M]out)
__kernel void smooth(__global const float *in, __global float *out, int iters,
                     __local float *buf);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(float)) \
    file(barrier_control.cl) copy_deps
#pragma omp task inout([M]v) out([NG]rounds)
__kernel void shrink(__global float *v, float limit, __global int *rounds, __local float *m);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(int)) \
    file(barrier_control.cl) copy_deps
#pragma omp task inout([M]a)
__kernel void rotate_steps(__global int *a, int k, __local int *t);

#pragma omp target device(opencl) ndrange(1, M, G) shmem(G * sizeof(float)) \
    file(barrier_control.cl) copy_deps
#pragma omp task inout([M]a)
__kernel void branchy(__global float *a, int mode, __local float *t);

/* two whole groups past the data: they return before the barriers */
#pragma omp target device(opencl) ndrange(1, M + 2 * G, G) shmem(G * sizeof(float)) \
    file(barrier_control.cl) copy_deps
#pragma omp task inout([n]a)
__kernel void partial_groups(__global float *a, int n, __local float *t);

static float in[M], out[M], v[M], b1[M], b2[M], p[N];
static int rounds[NG], a[M];

static void check_smooth(int iters)
{
    for (int g = 0; g < NG; g++) {
        float buf[G], next[G];
        for (int l = 0; l < G; l++)
            buf[l] = in[g * G + l];
        for (int it = 0; it < iters; it++) {
            for (int l = 0; l < G; l++) {
                float left = buf[l == 0 ? 0 : l - 1], right = buf[l == G - 1 ? G - 1 : l + 1];
                next[l] = 0.25f * left + 0.5f * buf[l] + 0.25f * right;
            }
            memcpy(buf, next, sizeof buf);
        }
        for (int l = 0; l < G; l++)
            CHECK(out[g * G + l] == buf[l], "smooth: out[%d] = %g, expected %g", g * G + l,
                  out[g * G + l], buf[l]);
    }
}

static void check_shrink(const float *v0, float limit)
{
    for (int g = 0; g < NG; g++) {
        float x[G];
        int r = 0;
        memcpy(x, v0 + g * G, sizeof x);
        for (;;) {
            float mx = x[0];
            for (int l = 1; l < G; l++)
                mx = fmaxf(mx, x[l]);
            if (mx < limit)
                break;
            for (int l = 0; l < G; l++)
                x[l] *= 0.5f;
            r++;
        }
        CHECK(rounds[g] == r, "shrink: group %d took %d rounds, expected %d", g, rounds[g], r);
        for (int l = 0; l < G; l++)
            CHECK(v[g * G + l] == x[l], "shrink: v[%d] = %g, expected %g", g * G + l,
                  v[g * G + l], x[l]);
    }
}

static void check_rotate(const int *a0, int k)
{
    for (int g = 0; g < NG; g++) {
        int acc[G], t[G];
        memcpy(acc, a0 + g * G, sizeof acc);
        int i = 0;
        do {
            memcpy(t, acc, sizeof t);
            i++;
            if (i % 3 == 0)
                continue;
            for (int l = 0; l < G; l++)
                acc[l] = t[(l + 1) % G] + i;
        } while (i < k);
        for (int l = 0; l < G; l++)
            CHECK(a[g * G + l] == acc[l], "rotate_steps: a[%d] = %d, expected %d", g * G + l,
                  a[g * G + l], acc[l]);
    }
}

static void check_branchy(const float *a0, const float *res, int mode)
{
    for (int g = 0; g < NG; g++)
        for (int l = 0; l < G; l++) {
            float want = mode == 1 ? a0[g * G + G - 1 - l] : a0[g * G + (l + 1) % G] * 2.0f;
            want += (float)g;
            CHECK(res[g * G + l] == want, "branchy(%d): a[%d] = %g, expected %g", mode,
                  g * G + l, res[g * G + l], want);
        }
}

int main(void)
{
    for (int i = 0; i < M; i++) {
        in[i] = (float)((i * 37) % 101) - 50.0f;
        v[i] = (float)((i * 13) % 997) + 0.5f;
        a[i] = (i * 7) % 23;
        b1[i] = b2[i] = (float)(i % 17) * 0.25f;
    }
    for (int i = 0; i < N; i++)
        p[i] = (float)i;
    static float v0[M], b0[M];
    static int a0[M];
    memcpy(v0, v, sizeof v);
    memcpy(a0, a, sizeof a);
    memcpy(b0, b1, sizeof b1);

    smooth(in, out, 7, 0);
    shrink(v, 3.0f, rounds, 0);
    rotate_steps(a, 10, 0);
    branchy(b1, 1, 0);
    branchy(b2, 0, 0);
    partial_groups(p, N, 0);
#pragma omp taskwait

    check_smooth(7);
    check_shrink(v0, 3.0f);
    check_rotate(a0, 10);
    check_branchy(b0, b1, 1);
    check_branchy(b0, b2, 0);
    for (int i = 0; i < N; i++)
        CHECK(p[i] == (float)i + 2.0f, "partial_groups: p[%d] = %g, expected %g", i, p[i],
              (float)i + 2.0f);
    digest("smooth", out, sizeof out);
    digest("shrink", v, sizeof v);
    digest("rounds", rounds, sizeof rounds);
    digest("rotate_steps", a, sizeof a);
    digest("branchy", b1, sizeof b1);
    digest("branchy2", b2, sizeof b2);
    digest("partial_groups", p, sizeof p);
    printf("result: OK\n");
    return 0;
}
