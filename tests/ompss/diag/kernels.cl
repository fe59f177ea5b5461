__kernel void k(__global int *a, int n) { int i = get_global_id(0); if (i < n) a[i]++; }
