/* An unknown directive argument: a device that does not exist. */
#pragma omp target device(smp, fpga)
#pragma omp task inout(*a)
void f(int *a);
