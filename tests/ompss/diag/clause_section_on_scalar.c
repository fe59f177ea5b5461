/* An array section of a scalar variable. */
void f(void)
{
    int x = 0;
#pragma omp task inout(x[0:1])
    x++;
#pragma omp taskwait
}
