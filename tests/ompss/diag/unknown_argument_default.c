/* An unknown directive argument: default(foo). */
void f(int *a)
{
#pragma omp task default(foo) inout(a[0])
    a[0]++;
}
