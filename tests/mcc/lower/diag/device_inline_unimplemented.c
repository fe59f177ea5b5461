/* device(opencl) on an inline task is not lowered (only function tasks can be kernels):
 * reported, not silently run on the host. */
void f(int *v, int n)
{
#pragma omp target device(opencl) ndrange(1, n, 8)
#pragma omp task inout(v[0;n])
    v[0] = n;
}

int main(void)
{
    return 0;
}
