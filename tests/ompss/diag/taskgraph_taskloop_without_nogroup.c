/* A taskloop inside a taskgraph needs nogroup: its implicit taskgroup would wait in the block. */
void f(int *a, int n)
{
#pragma omp taskgraph graph_id(n)
    {
#pragma omp taskloop grainsize(4)
        for (int i = 0; i < n; i++)
            a[i] *= 2;
    }
}
