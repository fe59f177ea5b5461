/* A multidependence range bounded by a pointer. */
void f(int *a, int n)
{
#pragma omp task in({a[i], i = 0:a})
    a[0] += n;
#pragma omp taskwait
}
