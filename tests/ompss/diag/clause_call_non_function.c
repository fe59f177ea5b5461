/* A call of something that is not a function inside a subscript. */
void f(int *a, int n)
{
#pragma omp task inout(a[n(1)])
    a[0]++;
#pragma omp taskwait
}
