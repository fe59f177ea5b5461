/* A return inside the block of a taskgraph leaves the structured block. */
int f(int *a, int n)
{
#pragma omp taskgraph
    {
        if (n == 0)
            return 0;
#pragma omp task inout(a[0])
        a[0] += n;
    }
    return 1;
}
