/* inner_local.cl - __local arrays declared in inner blocks, as kernels written for early
 * OpenCL compilers (and some OmpSs examples) have them: OpenCL C 1.2 allows __local
 * variables only at kernel function scope, so PoCL and NVIDIA's compiler reject this
 * file; mcc translates it with a warning (one copy per work-group).  Checked by
 * inner_local.c against sequential C. */
#define W 64

/* Reverse each group's values through a block-scope __local array; a second block
 * declares another __local array of the same name. */
__kernel void reverse_twice(__global int *a)
{
    int l = get_local_id(0), i = get_global_id(0);
    {
        __local int t[W];
        t[l] = a[i];
        barrier(CLK_LOCAL_MEM_FENCE);
        a[i] = t[W - 1 - l] * 2;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int k = 0; k < 2; k++) {
        __local int t[W];
        t[l] = a[i] + k;
        barrier(CLK_LOCAL_MEM_FENCE);
        a[i] = t[(l + 1) % W];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
