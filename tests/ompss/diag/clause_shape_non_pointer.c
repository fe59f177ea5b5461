/* A shaping expression applied to an int. */
void f(int *a, int n)
{
#pragma omp task inout([n]n)
    a[0]++;
#pragma omp taskwait
}
