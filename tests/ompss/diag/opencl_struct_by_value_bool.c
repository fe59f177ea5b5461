/* A kernel that takes by value a struct with a bool member, which OpenCL C does not allow
 * (s6.9.k: bool's size is the device's): an error at the kernel's member. */
#include <stdbool.h>
struct opts { int steps; bool verbose; };

#pragma omp target device(opencl) ndrange(1, 16, 16) file(opencl_struct_by_value_bool.cl) copy_deps
#pragma omp task out([16]out)
void run(struct opts o, int *out);

int main(void)
{
    return 0;
}
