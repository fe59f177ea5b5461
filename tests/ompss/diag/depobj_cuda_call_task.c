/* A CUDA task without ndrange calls its body with its pointers translated to the device
 * copies of what its clauses name; a depend object names nothing mcc can see, and no
 * launch is there to find it at run time (ndrange tasks do): "sorry". */
#include <omp.h>
#pragma omp target device(cuda) copy_deps
#pragma omp task depend(depobj: *o) inout([n]a)
void scale(omp_depend_t *o, float *a, int n);
int main(void)
{
    return 0;
}
