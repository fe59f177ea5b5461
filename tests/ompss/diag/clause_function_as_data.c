/* A dependence on a function. */
void work(void);
void f(void)
{
#pragma omp task inout(work)
    work();
#pragma omp taskwait
}
