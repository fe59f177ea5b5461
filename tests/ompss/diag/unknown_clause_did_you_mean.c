/* A misspelt clause: mcc names the clause it probably is. */
void f(int *a, int n)
{
#pragma omp task firstprivte(n) inout(a[0])
    a[0] += n;
#pragma omp taskwait
}
