/* A CUDA kernel launch belongs in a device(cuda) task (compiled by nvcc, run with the
 * task's data on the GPU); this inline task runs on the host, where it cannot launch. */
void kern(float *x, int n);

void scale(float *x, int n)
{
#pragma omp task inout([n]x)
    kern<<<(n + 63) / 64, 64>>>(x, n);
#pragma omp taskwait
}

int main(void)
{
    return 0;
}
