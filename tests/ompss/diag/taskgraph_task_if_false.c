/* A task with if(0) inside the block of a taskgraph: undeferred, it would run in the block,
 * before the recorded tasks start (OpenMP 6.0: a replayable task may not be undeferred). */
void f(int *a, int n)
{
#pragma omp taskgraph
    {
        for (int i = 0; i < n; i++) {
#pragma omp task inout(a[i]) if(0)
            a[i]++;
        }
    }
}
