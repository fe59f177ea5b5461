/* A task pragma at the end of a block has nothing to apply to. */
void f(int *a)
{
    a[0] = 1;
#pragma omp task inout(a[0])
}
