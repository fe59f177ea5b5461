/* loop_hints.cl - OpenCL C 2.0's loop attribute `__attribute__((opencl_unroll_hint(n)))`
 * (and without a count) before `for`, `while` and `do` loops, one of them holding a
 * barrier, as kernels written for FPGA and GPU compilers carry it (PoCL takes it in
 * OpenCL C 1.2 too).  Before the fix mcc said "not valid OpenCL C" and built nothing.
 * Checked by loop_hints.c. */
#pragma OPENCL FP_CONTRACT OFF
#define L 64

/* a work-group tree sum whose halving loop (a barrier in it) is to be unrolled */
__kernel void hinted_sum(__global const int *x, __global int *sums, int n)
{
    __local int t[L];
    int l = get_local_id(0), i = get_global_id(0);
    t[l] = i < n ? x[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    __attribute__((opencl_unroll_hint(6)))
    for (int s = L / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] += t[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = t[0];
}

/* per-item loops: a fully unrolled `for`, a `while` and a `do` */
__kernel void hinted_items(__global int *y, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int acc = 0;
    __attribute__((opencl_unroll_hint))
    for (int k = 0; k < 8; k++)
        acc += k * i;
    int m = i % 7;
    __attribute__((opencl_unroll_hint(2))) while (m > 0) {
        acc += m;
        m--;
    }
    int c = 0;
    __attribute__((opencl_unroll_hint(4)))
    do {
        acc ^= c << 3;
        c++;
    } while (c < 3);
    y[i] = acc;
}
