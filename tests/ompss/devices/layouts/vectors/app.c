/* app.c - host C using CUDA's vector types (float4, int2, double2) and their make_*
 * helpers, shared with the kernel through kernel.h; the kernel's results are checked
 * against the same computation on the host (every value is exact in float and double).
 * Exit 0 and "result: OK" when right. */
#include <stdio.h>
#include <stdlib.h>
#include "kernel.h"

#define N 1000
#define NA 7

int main(void)
{
    static particle p[N];
    static float4 attr[NA];
    for (int k = 0; k < NA; k++)
        attr[k] = make_float4((float)(3 * k), (float)(k * k % 11), 0.0f, (float)(k + 1));
    for (int i = 0; i < N; i++) {
        p[i].pos = make_float4((float)(i % 37), (float)(i % 23), 0.0f, 1.0f);
        p[i].cell = make_int2(-1, -1);
    }
    field(N / 2, p, NA, attr);
    field(N - N / 2, p + N / 2, NA, attr);
#pragma omp taskwait
    int wrong = 0;
    for (int i = 0; i < N; i++) {
        double ax = 0, ay = 0;
        for (int k = 0; k < NA; k++) {
            ax += (double)attr[k].w * (attr[k].x - p[i].pos.x);
            ay += (double)attr[k].w * (attr[k].y - p[i].pos.y);
        }
        int2 c = make_int2((int)p[i].pos.x / 4, (int)p[i].pos.y / 4);
        wrong += p[i].cell.x != c.x || p[i].cell.y != c.y || p[i].acc.x != ax || p[i].acc.y != ay;
    }
    printf("sizes: float4 %zu, int2 %zu, double2 %zu, particle %zu\n", sizeof(float4),
           sizeof(int2), sizeof(double2), sizeof(particle));
    printf(wrong ? "result: WRONG (%d particles)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
