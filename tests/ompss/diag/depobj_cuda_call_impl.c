/* An smp task whose dependences are depend objects, with a CUDA implementation without
 * ndrange: the implementation's body would get host pointers for the objects' data. */
#include <omp.h>
extern omp_depend_t dx;
#pragma omp target device(smp) copy_deps
#pragma omp task depend(depobj: dx)
void scale(float *a, int n);
#pragma omp target device(cuda) copy_deps implements(scale)
void scale_cuda(float *a, int n);
int main(void)
{
    return 0;
}
