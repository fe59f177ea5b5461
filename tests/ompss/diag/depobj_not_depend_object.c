/* depobj's object must be an omp_depend_t (gcc: "type of 'depobj' expression is not
 * 'omp_depend_t'"). */
#include <omp.h>
int main(void)
{
    int x = 0, notobj = 0;
#pragma omp depobj(notobj) depend(in: x)
    return x + notobj;
}
