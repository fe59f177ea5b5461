/* A typedef name where a value is expected. */
typedef int index_t;
void f(int *a)
{
#pragma omp task inout(a[index_t])
    a[0]++;
#pragma omp taskwait
}
