/* taskgraph takes graph_id, graph_reset, if and nogroup only. */
void f(int *a)
{
#pragma omp taskgraph priority(2)
    {
#pragma omp task inout(a[0])
        a[0]++;
    }
}
