/* given on the mcc command line: registered under the name given there */
__kernel void extra_kernel(__global int *v) { v[0] = 1; }
/* the sources of lowering_mock.c's kernels that name no file(...) (mcc checks at the link
 * that every kernel has one; the mock runtime never builds them) */
__kernel void scale_ocl(__global double *data, long len) { }
__kernel void pairs_ocl(__global const int *v, __global int *w, int n) { }
__kernel void halo_ocl(int count, float factor, __global float *dst, __global const float *src) { }
__kernel void addv_ocl(__global int *m, int v) { }
__kernel void tail_ocl(__global int *v, int last, int n) { }
