/* `*n` where n is an int. */
void f(int *p, int n)
{
#pragma omp task inout(*n)
    p[0] += n;
#pragma omp taskwait
}
