/* A malformed data reference: a subscript closed by ')'. */
void f(int *a, int i)
{
#pragma omp task in(a[i) out(a[0])
    a[0] = a[i];
}
