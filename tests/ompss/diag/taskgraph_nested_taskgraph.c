/* A taskgraph directly inside the block of another one (inside a task it would be fine). */
void f(int *a)
{
#pragma omp taskgraph
    {
#pragma omp task inout(a[0])
        {
#pragma omp taskgraph
            {
#pragma omp task inout(a[0])
                a[0]++;
            }
        }
#pragma omp taskgraph graph_id(1)
        {
#pragma omp task inout(a[1])
            a[1]++;
        }
    }
}
