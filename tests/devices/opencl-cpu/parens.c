/* Parenthesised vector operands (parens.cl) against C written component by component:
 * ?: on vectors (of vectors, and of scalars on a vector condition), select on
 * comparisons, components of parenthesised expressions, swizzle stores, `!` of a
 * parenthesised vector, vector literals of parenthesised components, swizzles of vector
 * literals, components of swizzles assigned. */
#include "ocl_cpu_check.h"

#define N 64

typedef struct {
    float s[4];
} f4;
typedef struct {
    int s[4];
} i4;

#pragma omp target device(opencl) ndrange(1, N, 16) file(parens.cl) copy_deps
#pragma omp task in([N + 1]a) out([6 * N]o)
__kernel void pick(__global f4 *o, __global const f4 *a);

#pragma omp target device(opencl) ndrange(1, N, 16) file(parens.cl) copy_deps
#pragma omp task in([N + 1]a) out([4 * N]o, [N]n)
__kernel void parts(__global f4 *o, __global const f4 *a, __global i4 *n);

#pragma omp target device(opencl) ndrange(1, N, 16) file(parens.cl) copy_deps
#pragma omp task in([N + 1]a) out([4 * N]o)
__kernel void literals(__global f4 *o, __global const f4 *a);

#pragma omp target device(opencl) ndrange(1, N, 16) file(parens.cl) copy_deps
#pragma omp task in([N + 1]a) out([3 * N]o, [2 * N]s)
__kernel void swizzled_literals(__global f4 *o, __global const f4 *a, __global float *s);

#pragma omp target device(opencl) ndrange(1, N, 16) file(parens.cl) copy_deps
#pragma omp task in([N + 1]a) out([2 * N]o)
__kernel void nested_stores(__global f4 *o, __global const f4 *a);

static f4 a[N + 1], o1[6 * N], o2[4 * N], o3[4 * N], o4[3 * N];
static float s4[2 * N];
static f4 o5[2 * N];
static i4 n[N];

int main(void)
{
    for (int i = 0; i < N + 1; i++)
        for (int c = 0; c < 4; c++)
            a[i].s[c] = (float)((i * 7 + c * 13) % 19) - 9.0f + 0.25f * (float)c;
    pick(o1, a);
    parts(o2, a, n);
    literals(o3, a);
    swizzled_literals(o4, a, s4);
    nested_stores(o5, a);
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        const float *x = a[i].s, *y = a[i + 1].s;
        for (int c = 0; c < 4; c++) {
            float w[6] = {x[c] < y[c] ? x[c] : y[c], x[c] - y[c] < 0 ? 1.0f - x[c] : y[c],
                          x[c] < y[c] ? x[c] - y[c] : y[c], x[c] > 0 ? x[c] : -x[c],
                          (x[c] < y[c] ? y[c] : x[c]) + ((int)x[c] >= (int)y[c] ? 1.0f : 0.0f),
                          x[c] > y[c] ? 1.0f : -1.0f};
            for (int k = 0; k < 6; k++)
                CHECK(o1[6 * i + k].s[c] == w[k], "pick: o[%d].s%d = %g, expected %g",
                      6 * i + k, c, o1[6 * i + k].s[c], w[k]);
        }
        float w0[4] = {x[0] + y[0], x[1] * y[1], x[2] * y[2], x[3]};
        float w1[4] = {y[2], y[3], x[0] + y[0], x[1] + y[1]};
        float w2[4] = {x[0] - y[0], x[1] - y[1], x[2] - y[2], y[3]};
        float w3[4] = {y[0] + x[3], y[1] + x[2], y[2] + x[1], y[3] + x[0]};
        const float *w[4] = {w0, w1, w2, w3};
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 4; c++)
                CHECK(o2[4 * i + k].s[c] == w[k][c], "parts: o[%d].s%d = %g, expected %g",
                      4 * i + k, c, o2[4 * i + k].s[c], w[k][c]);
        for (int c = 0; c < 4; c++) {
            int xi = (int)x[c], yi = (int)y[c];
            int want = (xi > yi ? 0 : -1) + (xi == 0 ? -1 : 0);
            CHECK(n[i].s[c] == want, "parts: n[%d].s%d = %d, expected %d", i, c, n[i].s[c], want);
        }
    }
    for (int i = 0; i < N; i++) {
        const float *x = a[i].s, *y = a[i + 1].s;
        f4 *p = &o3[4 * i];
        CHECK(p[0].s[0] == x[0] && p[0].s[1] == y[1] && p[0].s[2] == x[2] + 1.0f &&
              isnan(p[0].s[3]), "literals: o[%d] = %g %g %g %g", 4 * i, p[0].s[0], p[0].s[1],
              p[0].s[2], p[0].s[3]);
        o3[4 * i].s[3] = 0.0f;       /* NAN's bits are the implementation's: not digested */
        CHECK(isinf(p[1].s[0]) && p[1].s[0] > 0 && p[1].s[1] == x[0] && p[1].s[2] == 0.0f &&
              p[1].s[3] == 1.0f, "literals: o[%d] = %g %g %g %g", 4 * i + 1, p[1].s[0],
              p[1].s[1], p[1].s[2], p[1].s[3]);
        float e[8] = {x[0], x[1], x[2], x[3], y[0], y[1], x[2], x[3]};
        for (int c = 0; c < 4; c++)
            CHECK(p[2].s[c] == e[c] + e[c + 4] && p[3].s[c] == 0.0f,
                  "literals: o[%d].s%d = %g, o[%d].s%d = %g", 4 * i + 2, c, p[2].s[c],
                  4 * i + 3, c, p[3].s[c]);
    }
    for (int i = 0; i < N; i++) {
        const float *x = a[i].s, *y = a[i + 1].s;
        float w[3][4] = {{x[3], x[2], x[1], x[0]},
                         {x[2] + x[0], x[3] + x[0], y[0] + x[0], y[1] + x[0]},
                         {x[2], x[1], x[0], 1.0f}};
        for (int k = 0; k < 3; k++)
            for (int c = 0; c < 4; c++)
                CHECK(o4[3 * i + k].s[c] == w[k][c], "swizzled_literals: o[%d].s%d = %g, "
                      "expected %g", 3 * i + k, c, o4[3 * i + k].s[c], w[k][c]);
        CHECK(s4[2 * i] == y[0] + 2.0f && s4[2 * i + 1] == y[1],
              "swizzled_literals: s[%d], s[%d] = %g, %g", 2 * i, 2 * i + 1, s4[2 * i],
              s4[2 * i + 1]);
    }
    for (int i = 0; i < N; i++) {
        const float *x = a[i].s, *y = a[i + 1].s;
        float w[8] = {100.0f, x[1] + 1.0f, 8.0f, 7.0f + 1.0f, y[0], -1.0f, y[2], y[3] * 2.0f};
        for (int k = 0; k < 8; k++)
            CHECK(o5[2 * i + k / 4].s[k % 4] == w[k], "nested_stores: o[%d].s%d = %g, "
                  "expected %g", 2 * i + k / 4, k % 4, o5[2 * i + k / 4].s[k % 4], w[k]);
    }
    digest("pick", o1, sizeof o1);
    digest("parts", o2, sizeof o2);
    digest("not", n, sizeof n);
    digest("literals", o3, sizeof o3);
    digest("swizzled_literals", o4, sizeof o4);
    digest("nested_stores", o5, sizeof o5);
    printf("result: OK\n");
    return 0;
}
