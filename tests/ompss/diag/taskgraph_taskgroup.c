/* A taskgroup inside the block of a taskgraph: its end would wait in the block. */
void f(int *a, int n)
{
#pragma omp taskgraph
    {
#pragma omp taskgroup
        for (int i = 0; i < n; i++) {
#pragma omp task inout(a[i])
            a[i]++;
        }
    }
}
