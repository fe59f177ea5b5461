/*
 * matmul.cl - the OpenCL tile kernel of samples/matmul_dev: c += a * b on bs x bs tiles of
 * doubles, row-major; the same algorithm as matmul.cu.  Also run by the hand-written
 * OpenCL peer (bench/opencl-gpu/matmul_host.c).
 *
 * Launch: ndrange(2, bs / MM_R, bs / MM_R, MM_TB, MM_TB): work-groups of 16 x 16 items,
 * each item computing MM_R x MM_R elements of a 64 x 64 block of c.  Any bs works.
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define MM_TB 16
#define MM_R 4
#define MM_T (MM_TB * MM_R)
#define MM_K 16

static void mm_stage(__global const double *a, __global const double *b, int bs, int row0,
                     int col0, int k0, __local double as[MM_K][MM_T + 1],
                     __local double bsh[MM_K][MM_T])
{
    int tid = get_local_id(1) * MM_TB + get_local_id(0);
    for (int l = tid; l < MM_T * MM_K; l += MM_TB * MM_TB) {
        int r = l / MM_K, k = l % MM_K;
        int gr = row0 + r, gk = k0 + k;
        as[k][r] = gr < bs && gk < bs ? a[(size_t)gr * bs + gk] : 0.0;
        int k2 = l / MM_T, cc = l % MM_T;
        int gk2 = k0 + k2, gc = col0 + cc;
        bsh[k2][cc] = gk2 < bs && gc < bs ? b[(size_t)gk2 * bs + gc] : 0.0;
    }
}

__kernel __attribute__((reqd_work_group_size(MM_TB, MM_TB, 1)))
void mm_tile_ocl(__global const double *a, __global const double *b, __global double *c, int bs)
{
    __local double as[MM_K][MM_T + 1];
    __local double bsh[MM_K][MM_T];
    int tx = get_local_id(0), ty = get_local_id(1);
    int row0 = get_group_id(1) * MM_T, col0 = get_group_id(0) * MM_T;
    double acc[MM_R][MM_R];
    for (int i = 0; i < MM_R; i++)
        for (int j = 0; j < MM_R; j++)
            acc[i][j] = 0;

    for (int k0 = 0; k0 < bs; k0 += MM_K) {
        mm_stage(a, b, bs, row0, col0, k0, as, bsh);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < MM_K; k++) {
            double ar[MM_R], br[MM_R];
            for (int i = 0; i < MM_R; i++) {
                ar[i] = as[k][ty + MM_TB * i];
                br[i] = bsh[k][tx + MM_TB * i];
            }
            for (int i = 0; i < MM_R; i++)
                for (int j = 0; j < MM_R; j++)
                    acc[i][j] += ar[i] * br[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int i = 0; i < MM_R; i++)
        for (int j = 0; j < MM_R; j++) {
            int r = row0 + ty + MM_TB * i, cc = col0 + tx + MM_TB * j;
            if (r < bs && cc < bs)
                c[(size_t)r * bs + cc] += acc[i][j];
        }
}
