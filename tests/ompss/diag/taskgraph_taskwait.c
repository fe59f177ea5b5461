/* A taskwait inside the block of a taskgraph: the block runs once and may only create tasks. */
void f(int *a, int n)
{
#pragma omp taskgraph
    {
        for (int i = 0; i < n; i++) {
#pragma omp task inout(a[i])
            a[i]++;
        }
#pragma omp taskwait
    }
}
