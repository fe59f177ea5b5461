/* A floating-point subscript in a dependence. */
int g[10];
void f(void)
{
#pragma omp task inout(g[1e308])
    g[0]++;
#pragma omp taskwait
}
