/* A single without nowait inside the block of a taskgraph: its barrier would wait in the
 * block. */
void f(int *a, int n)
{
#pragma omp parallel
    for (int t = 0; t < n; t++) {
#pragma omp taskgraph
        {
#pragma omp single
            {
#pragma omp task inout(a[0])
                a[0]++;
            }
        }
    }
}
