/* calls(...) giving a pointer where the implementation takes a value (its order is the
 * kernel's, not the task's): gcc only warned in generated code and the run got the
 * pointer truncated into n. */
#pragma omp task inout([n]x)
void scale(int n, float *x);

#pragma omp target device(opencl) implements(scale) ndrange(1, n, 8) calls(x, n) copy_deps
#pragma omp task inout([n]x)
void scale_ocl(int n, float *x);

void scale(int n, float *x)
{
    for (int i = 0; i < n; i++)
        x[i] *= 2;
}

int main(void)
{
    float x[16] = {0};
    scale(16, x);
#pragma omp taskwait
    return 0;
}
