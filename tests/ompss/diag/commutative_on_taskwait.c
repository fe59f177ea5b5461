/* commutative is a task clause, not allowed on taskwait. */
void f(int *x)
{
#pragma omp task commutative(*x)
    x[0]++;
#pragma omp taskwait commutative(*x)
}
