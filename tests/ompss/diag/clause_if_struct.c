/* if() needs a scalar, not a struct. */
struct opts { int parallel; };
void f(int *a, struct opts o)
{
#pragma omp task inout(a[0]) if(o)
    a[0]++;
#pragma omp taskwait
}
