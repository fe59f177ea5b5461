/* depend(depobj: ...) takes objects, not array sections of them (gcc's error). */
#include <omp.h>
int main(void)
{
    int x = 0;
    omp_depend_t objs[4];
#pragma omp depobj(objs[0]) depend(inout: x)
#pragma omp task depend(depobj: objs[0:2]) shared(x)
    x++;
#pragma omp taskwait
#pragma omp depobj(objs[0]) destroy
    return x;
}
