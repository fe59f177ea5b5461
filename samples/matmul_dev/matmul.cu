/*
 * matmul.cu - the CUDA tile kernel of samples/matmul_dev: c += a * b on bs x bs tiles of
 * doubles, row-major.  Also compiled into the hand-written peer (bench/cuda/matmul_hand.cu)
 * so both run exactly this code.
 *
 * Launch: ndrange(2, bs / MM_R, bs / MM_R, MM_TB, MM_TB), i.e. blocks of 16 x 16 threads,
 * each thread computing MM_R x MM_R elements of a 64 x 64 block of c (register blocking:
 * 16 multiply-adds per 8 shared-memory loads).  Any bs works: out-of-range loads read 0
 * and out-of-range stores are skipped.
 */
#define MM_TB 16                /* threads per block side */
#define MM_R 4                  /* outputs per thread side */
#define MM_T (MM_TB * MM_R)     /* side of the block of c one block computes */
#define MM_K 16                 /* k step staged through shared memory */

/* Stage the k0.. k0+MM_K slice of a's rows and b's columns of this block. */
__device__ static void mm_stage(const double *a, const double *b, int bs, int row0, int col0,
                                int k0, double as[MM_K][MM_T + 1], double bsh[MM_K][MM_T])
{
    int tid = threadIdx.y * MM_TB + threadIdx.x;
    for (int l = tid; l < MM_T * MM_K; l += MM_TB * MM_TB) {
        int r = l / MM_K, k = l % MM_K;         /* a: consecutive threads walk a row */
        int gr = row0 + r, gk = k0 + k;
        as[k][r] = gr < bs && gk < bs ? a[(size_t)gr * bs + gk] : 0.0;
        int k2 = l / MM_T, cc = l % MM_T;       /* b: consecutive threads walk a row */
        int gk2 = k0 + k2, gc = col0 + cc;
        bsh[k2][cc] = gk2 < bs && gc < bs ? b[(size_t)gk2 * bs + gc] : 0.0;
    }
}

__global__ void mm_tile_cuda(const double *a, const double *b, double *c, int bs)
{
    __shared__ double as[MM_K][MM_T + 1];
    __shared__ double bsh[MM_K][MM_T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = blockIdx.y * MM_T, col0 = blockIdx.x * MM_T;
    double acc[MM_R][MM_R] = {{0}};

    for (int k0 = 0; k0 < bs; k0 += MM_K) {
        mm_stage(a, b, bs, row0, col0, k0, as, bsh);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < MM_K; k++) {
            double ar[MM_R], br[MM_R];
#pragma unroll
            for (int i = 0; i < MM_R; i++) {
                ar[i] = as[k][ty + MM_TB * i];
                br[i] = bsh[k][tx + MM_TB * i];
            }
#pragma unroll
            for (int i = 0; i < MM_R; i++)
#pragma unroll
                for (int j = 0; j < MM_R; j++)
                    acc[i][j] += ar[i] * br[j];
        }
        __syncthreads();
    }
    for (int i = 0; i < MM_R; i++)
        for (int j = 0; j < MM_R; j++) {
            int r = row0 + ty + MM_TB * i, cc = col0 + tx + MM_TB * j;
            if (r < bs && cc < bs)
                c[(size_t)r * bs + cc] += acc[i][j];
        }
}
