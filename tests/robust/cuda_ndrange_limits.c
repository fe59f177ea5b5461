/* ndrange_limits.c for CUDA: a __global__ kernel task launched over ndrange(2, gx, gy, lx,
 * ly) with sizes from the command line (cuda_ndrange_limits GX GY LX LY SHMEM; C longs, so
 * negative ones reach the runtime as huge size_t values).  A valid range fills x[i] = i + 1
 * for the first n = GX*GY items (at most N) and the program checks them; the runtime must
 * refuse a range the GPU cannot take with a message naming the limit, exit 1.  Exit 77
 * without a GPU (run.sh probes first). */
#include <stdio.h>
#include <stdlib.h>

#define N 4096

static long shmem;      /* before the task: its clauses are read where it is declared */

#pragma omp target device(cuda) ndrange(2, gx, gy, lx, ly) shmem(shmem) copy_deps
#pragma omp task inout([N]x)
__global__ void fill_cuda(int *x, int n, long gx, long gy, long lx, long ly);

static int x[N];

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s GX GY LX LY SHMEM\n", argv[0]);
        return 2;
    }
    long gx = atol(argv[1]), gy = atol(argv[2]), lx = atol(argv[3]), ly = atol(argv[4]);
    shmem = atol(argv[5]);
    long items = gx * gy;
    int n = items < 0 ? 0 : items > N ? N : (int)items;
    fill_cuda(x, n, gx, gy, lx, ly);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        if (x[i] != (i < n ? i + 1 : 0)) {
            printf("x[%d] = %d, expected %d\n", i, x[i], i < n ? i + 1 : 0);
            return 1;
        }
    printf("cuda_ndrange_limits: %d items right\n", n);
    return 0;
}
