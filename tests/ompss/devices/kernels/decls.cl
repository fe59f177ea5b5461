/* Kernels declared in the ways OpenCL C allows (ocl_kernel_decls.c): each takes fewer
 * parameters than its task's prototype, so the runtime must know their names. */

/* prototypes before the definitions: without parameter names, with other names */
__kernel void k_proto(__global float *, int, float);
kernel void k_renamed(global float *bb, int nn, float kk);

/* the qualifier after the return type */
void __kernel k_after(__global float *b, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] += k;
}

/* an attribute between __kernel and void */
__kernel __attribute__((reqd_work_group_size(16, 1, 1))) void k_attr(__global float *b, int n,
                                                                      float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] *= k;
}

/* one word a line */
__kernel
__attribute__((work_group_size_hint(16, 1, 1)))
void
k_lines(__global float *b, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] -= 2.0f * k;
}

__kernel void k_proto(__global float *b, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = b[i] * k + 1.0f;
}

kernel void k_renamed(global float *b, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = b[i] - k;
}

/* older versions of kernels, with other parameters, commented out and under #if 0 */
// __kernel void k_commented(__global float *a, __global float *b, int n, float k) { }
/* __kernel void k_if0(__global float *a, __global float *b, int n, float k, int extra)
   { } */
#if 0
__kernel void k_if0(__global float *a, __global float *b, int n, float k)
{
#ifdef OLD
    a[0] = 0;
#endif
}
#endif
#define GLOBAL __global

__kernel void k_commented(GLOBAL float *restrict b, /* the data */
                          const int n,              // its length
                          const float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = b[i] * k;
}

__kernel void k_if0(__global float *b, int n, float k)
{
    int i = get_global_id(0);
    if (i < n)
        b[i] = b[i] + k;
}
