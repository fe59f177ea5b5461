/* (ocl_array_kernel_params: its sizes, shared with kernels/array_params.cl) */
#define W 8
