__kernel void scale(__global float *a, int n) { int i = get_global_id(0); if (i < n) a[i] *= 2; }
