/* A break out of the block of a taskgraph (to the loop around it); breaks of loops inside the block are fine. */
void f(int *a, int n)
{
    for (int k = 0; k < 10; k++) {
#pragma omp taskgraph
        {
            for (int i = 0; i < n; i++) {
                if (i > 4)
                    break;
#pragma omp task inout(a[i])
                a[i]++;
            }
            if (a[0] > 100)
                break;
        }
    }
}
