/* An OpenCL implementation that is also a task of its own (its `task` line) names in its
 * ndrange a parameter of the task it implements (n), which its own calls do not have:
 * mcc's error at the name (before: accepted, and gcc said "'n' undeclared" in the
 * generated run function of the implementation's own task). */
#pragma omp target device(smp) copy_deps
#pragma omp task inout([n]a)
void f(float *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i]++;
}

#pragma omp target device(opencl) ndrange(1, n, 64) copy_deps implements(f)
#pragma omp task inout([size]a)
__kernel void f_ocl(__global float *a, int size);

int main(void)
{
    static float v[16];
    f(v, 16);
#pragma omp taskwait
    return 0;
}
