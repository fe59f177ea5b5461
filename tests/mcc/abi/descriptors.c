/* Every descriptor of include/nanort.h that mcc fills: inline, nested and function task
 * types, smp/OpenCL implementations (implements), an OpenCL launch with its kernel
 * arguments (ndrange, __local), a taskgraph.  tests/mcc/abi/run.sh compiles what mcc
 * makes of it, with the prelude and with nanort.h included. */
#include <stdio.h>

#pragma omp target device(opencl) ndrange(1, n, 8) file(scale.cl) copy_deps
#pragma omp task inout([n]v)
void scale_cl(float *v, int n, __attribute__((unused)) float *tmp);

#pragma omp target device(smp) implements(scale_cl)
#pragma omp task inout([n]v)
void scale_smp(float *v, int n, float *tmp)
{
    (void)tmp;
    for (int i = 0; i < n; i++)
        v[i] *= 2;
}

#pragma omp task inout(*x)
static void bump(int *x)
{
    ++*x;
}

int main(void)
{
    float v[16] = {1};
    int x = 0, y = 0;
    for (int r = 0; r < 2; r++) {
#pragma omp taskgraph
        {
#pragma omp task shared(x)
            x++;
        }
    }
    void nested(void)
    {
#pragma omp task shared(y)
        y++;
    }
    nested();
    bump(&x);
    scale_smp(v, 16, NULL);
#pragma omp taskwait
    printf("%d %d %g\n", x, y, v[0]);
    return 0;
}
