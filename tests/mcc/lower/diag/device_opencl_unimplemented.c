/* device(opencl) tasks are a later milestone: reported, not silently run on the host. */
#pragma omp target device(opencl) ndrange(1, n, 8)
#pragma omp task inout([n]v)
void k(int *v, int n);

int main(void)
{
    return 0;
}
