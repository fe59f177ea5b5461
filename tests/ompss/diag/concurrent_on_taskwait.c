/* concurrent is a task clause, not allowed on taskwait. */
void f(int *x)
{
#pragma omp task concurrent(*x)
    x[0]++;
#pragma omp taskwait concurrent(*x)
}
