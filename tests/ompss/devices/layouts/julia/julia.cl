/* julia.cl - the escape time of each pixel, with float2 arithmetic. */
#include "julia.h"

static int escape(float2 z, float2 c, int maxit)
{
    int it = 0;
    while (it < maxit && dot(z, z) <= 4.0f) {
        z = (float2)(z.x * z.x - z.y * z.y + c.x, 2.0f * z.x * z.y + c.y);
        it++;
    }
    return it;
}

__kernel void julia(view_t v, __constant unsigned int *palette, __global unsigned int *pix)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= v.w || y >= v.h - v.row0)
        return;
    float2 z = (float2)(v.x0 + x * v.dx, v.y0 + (y + v.row0) * v.dy);
    int it = escape(z, (float2)(v.cre, v.cim), v.maxit);
    pix[y * v.w + x] = palette[it % 16] + (unsigned)it;
}
