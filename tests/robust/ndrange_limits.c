/* An OpenCL kernel task launched over ndrange(dims, g..., l...) with sizes from the command
 * line: ndrange_limits DIMS G0 G1 G2 L0 L1 L2 (a size is a C long: negative ones reach the
 * runtime as huge size_t values, as from a program's bad arithmetic).  With a valid range
 * the kernel writes x[i] = i + 1 for the first n = G0*G1*G2 items (at most N) and the
 * program checks them; the runtime must refuse a bad range with a message and exit 1.
 * The region is inout: the zeros past n are copied to the device, so that a work-item
 * past the range that wrote shows (with out, the device's copy of them is whatever its
 * fresh buffer held, which is written back: a new buffer of PoCL's reuses memory freed by
 * the kernel's build, once the build came before the buffer). */
#include <stdio.h>
#include <stdlib.h>

#define N 4096

#pragma omp target device(opencl) ndrange(1, g, l) file(kernels/fill.cl) copy_deps
#pragma omp task inout([N]x)
__kernel void fill1(__global int *x, int n, long g, long l);

#pragma omp target device(opencl) ndrange(2, gx, gy, lx, ly) file(kernels/fill.cl) copy_deps
#pragma omp task inout([N]x)
__kernel void fill2(__global int *x, int n, long gx, long gy, long lx, long ly);

#pragma omp target device(opencl) ndrange(3, gx, gy, gz, lx, ly, lz) file(kernels/fill.cl) copy_deps
#pragma omp task inout([N]x)
__kernel void fill3(__global int *x, int n, long gx, long gy, long gz, long lx, long ly, long lz);

static int x[N];

int main(int argc, char **argv)
{
    if (argc != 8) {
        fprintf(stderr, "usage: %s DIMS G0 G1 G2 L0 L1 L2\n", argv[0]);
        return 2;
    }
    int dims = atoi(argv[1]);
    long g[3], l[3];
    for (int i = 0; i < 3; i++) {
        g[i] = atol(argv[2 + i]);
        l[i] = atol(argv[5 + i]);
    }
    long items = dims == 1 ? g[0] : dims == 2 ? g[0] * g[1] : g[0] * g[1] * g[2];
    int n = items < 0 ? 0 : items > N ? N : (int)items;
    if (dims == 1)
        fill1(x, n, g[0], l[0]);
    else if (dims == 2)
        fill2(x, n, g[0], g[1], l[0], l[1]);
    else
        fill3(x, n, g[0], g[1], g[2], l[0], l[1], l[2]);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        if (x[i] != (i < n ? i + 1 : 0)) {
            printf("x[%d] = %d, expected %d\n", i, x[i], i < n ? i + 1 : 0);
            return 1;
        }
    printf("ndrange_limits: %d items right\n", n);
    return 0;
}
