/* A device task's pointers are translated to the device copies of what its clauses name;
 * a depend object names nothing mcc can see: "sorry" until it is supported. */
#include <omp.h>
__attribute__((unused)) static const char *src = "";
#pragma omp target device(opencl) ndrange(1, n, 64) copy_deps file(depobj_device_task.cl)
#pragma omp task depend(depobj: *o) inout([n]a)
void scale(omp_depend_t *o, float *a, int n);
int main(void)
{
    return 0;
}
