/* A device(opencl) task defined with a body in a C file: the kernel comes from a .cl, so
 * the body would never run (and OpenCL built-ins in it left gcc and ld to complain). */
#pragma omp target device(opencl) ndrange(1, n, 8) copy_deps
#pragma omp task inout([n]x)
void vinc(int n, float *x)
{
    for (int i = 0; i < n; i++)
        x[i] += 5;
}

int main(void)
{
    float x[8] = {0};
    vinc(8, x);
#pragma omp taskwait
    return 0;
}
