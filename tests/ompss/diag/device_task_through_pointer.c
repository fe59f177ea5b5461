/* An OpenCL kernel task named other than as a call's callee: no host function has its
 * name (the kernel is in a .cl), so the pointer's initializer failed at the link with
 * "undefined reference to `k'" (also from a file-scope table); mcc says so where it is
 * named. */
#pragma omp target device(opencl) ndrange(1, n, 64) copy_deps file(kernels.cl)
#pragma omp task inout([n]a)
void k(int *a, int n);

void (*const table[])(int *, int) = {k};

int main(void)
{
    int a[4] = {0};
    table[0](a, 4);
    return 0;
}
