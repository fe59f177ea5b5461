/* depobj's object is a variable: a function's result is no object to keep a dependence in. */
#include <omp.h>
static omp_depend_t make(void)
{
    omp_depend_t o;
    return o;
}
int main(void)
{
    int x = 0;
#pragma omp depobj(make()) depend(in: x)
    return x;
}
