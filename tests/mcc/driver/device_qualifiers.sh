#!/usr/bin/env bash
# Host C may use the OpenCL qualifiers (headers shared with .cl files) and the CUDA ones:
# __constant int BS = 16 is a const int usable in an ndrange, __kernel / __global /
# __local / __global__ / __device__ / __host__ vanish for the host compiler; gcc itself
# (mcc --no-openmp) does not get them.
. "$(dirname "$0")/lib.sh"
cat > q.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
__constant int BS = 16;
__kernel void k(__global float *a, __local float *s, int n);
__global__ void g(float *a);
__host__ __device__ int twice(int x) { return 2 * x; }
int main(void)
{
    int v = BS;
    printf("%d\n", twice(v));
    return 0;
}
SRC
ok "$MCC" -Wall -Werror q.c -o q
runs ./q 32
# BS is const: assigning it is an error, as it is in OpenCL C
printf '__constant int BS = 16;\nint main(void) { BS = 3; return BS; }\n' > w.c
fails 1 "$MCC" -c w.c
has err.txt "read-only"
fails 1 "$MCC" --no-openmp -c q.c
no_temps
