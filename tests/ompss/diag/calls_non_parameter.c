/* calls(...) lists expressions of the parameters of the task the kernel implements (the
 * seed's clause): 'gain' is a global, not a parameter of 'mul'. */
float gain = 2.0f;

#pragma omp target device(undefined) copy_deps
#pragma omp task inout([n]x)
void mul(float *x, int n);

#pragma omp target device(opencl) ndrange(1, n, 64) implements(mul) calls(x, n, gain)
void mul_ocl(float *x, int n, float f);

int main(void)
{
    float x[4] = {1, 2, 3, 4};
    mul(x, 4);
    return 0;
}
