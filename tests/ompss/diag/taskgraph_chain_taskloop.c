/* A taskloop without nogroup as the statement of a taskgraph (its pragma right below the
 * taskgraph's): the same error as inside braces. */
void f(int *a, int n)
{
#pragma omp taskgraph
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < n; i++)
        a[i] *= 2;
}
