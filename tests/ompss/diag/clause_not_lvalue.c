/* A dependence on a value that is not an object (a parenthesised sum). */
void f(int *p, int n)
{
#pragma omp task inout((p[0] + n))
    p[0] += n;
#pragma omp taskwait
}
