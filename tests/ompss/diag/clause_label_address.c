/* GNU &&label of a label the function does not have, as a shape dimension. */
void f(double *a, int ts)
{
#pragma omp task inout([&&ts]a)
    a[0] += ts;
#pragma omp taskwait
}
