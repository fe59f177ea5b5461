/* Kernels given a pointer inside their copied region: a 2-D Jacobi step over bands of rows,
 * each task's kernel getting the band's first row and reading the halo rows above and
 * below it (`in(src[-w; (rows + 2) * w])`), the bands' regions overlapping (one device
 * allocation holds them), in ping-pong over two grids; then in-place updates of two
 * halves of an array of odd length through overlapping regions.  The pointers are 148,
 * 1628, ... bytes into the allocation, not multiples of the 128 bytes an OpenCL
 * sub-buffer must start at (before the fix: "must start at a multiple of 128 bytes",
 * exit 1, on every OpenCL device; the translation ran). */
#include "ompss_check.h"

#define W 37
#define HH 40
#define NB 4
#define IT 6
#define AN 1001

#pragma omp target device(opencl) ndrange(2, w, rows, 16, 4) file(kernels/bands.cl) copy_deps
#pragma omp task in(src[-w; (rows + 2) * w]) out(dst[0; rows * w])
__kernel void band(__global const float *src, __global float *dst, int w, int rows);

/* the whole half as the region, and one element before it read (the kernel does not) */
#pragma omp target device(opencl) ndrange(1, n, 32) file(kernels/bands.cl) copy_deps
#pragma omp task in(p[-1]) inout(p[0; n])
__kernel void scale_half(__global float *p, int n, float k);

static float a[(HH + 2) * W], b[(HH + 2) * W], ra[(HH + 2) * W], rb[(HH + 2) * W];
static float h[AN], rh[AN];

static void band_seq(const float *src, float *dst, int w, int rows)
{
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < w; x++) {
            int xl = x > 0 ? x - 1 : 0, xr = x < w - 1 ? x + 1 : w - 1;
            dst[y * w + x] = 0.2f * (src[y * w + x] + src[(y - 1) * w + x] +
                                     src[(y + 1) * w + x] + src[y * w + xl] + src[y * w + xr]);
        }
}

int main(void)
{
    for (int i = 0; i < (HH + 2) * W; i++)
        a[i] = ra[i] = b[i] = rb[i] = (float)((i * 13) % 29);
    int rows = HH / NB;
    for (int it = 0; it < IT; it++) {
        float *s = it % 2 ? b : a, *d = it % 2 ? a : b;
        float *rs = it % 2 ? rb : ra, *rd = it % 2 ? ra : rb;
        for (int k = 0; k < NB; k++) {
            band(s + (1 + k * rows) * W, d + (1 + k * rows) * W, W, rows);
            band_seq(rs + (1 + k * rows) * W, rd + (1 + k * rows) * W, W, rows);
        }
    }
    for (int i = 0; i < AN; i++)
        h[i] = rh[i] = (float)(i % 9);
    int h1 = AN / 2 + 1;
    for (int it = 0; it < IT; it++) {
        scale_half(h + 1, h1 - 1, 0.5f);
        scale_half(h + h1, AN - h1, 0.25f);
        for (int i = 1; i < h1; i++)
            rh[i] = rh[i] * 0.5f + 1.0f;
        for (int i = h1; i < AN; i++)
            rh[i] = rh[i] * 0.25f + 1.0f;
    }
#pragma omp taskwait
    for (int i = 0; i < (HH + 2) * W; i++) {
        CHECK(a[i] == ra[i], "a[%d] = %g, expected %g", i, a[i], ra[i]);
        CHECK(b[i] == rb[i], "b[%d] = %g, expected %g", i, b[i], rb[i]);
    }
    for (int i = 0; i < AN; i++)
        CHECK(h[i] == rh[i], "h[%d] = %g, expected %g", i, h[i], rh[i]);
    return result_ok();
}
