/* An unknown clause on a task: error at the clause name. */
void f(int *a)
{
#pragma omp task inout2(a[0])
    a[0]++;
}
