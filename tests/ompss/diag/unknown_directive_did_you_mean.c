/* A misspelt directive: a warning (unknown directives pass through) naming the right one. */
void f(int *a)
{
#pragma omp task inout(a[0])
    a[0]++;
#pragma omp taskwiat
}
