#include "kernel.h"

__global__ void field(int n, particle *p, int na, const float4 *attr)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 q = p[i].pos;
    double ax = 0, ay = 0;
    for (int k = 0; k < na; k++) {
        ax += (double)attr[k].w * (attr[k].x - q.x);
        ay += (double)attr[k].w * (attr[k].y - q.y);
    }
    p[i].cell = make_int2((int)q.x / 4, (int)q.y / 4);
    p[i].acc = make_double2(ax, ay);
}
