/* An orphaned single's firstprivate on a parameter of its function (gcc -fopenmp:
 * "firstprivate variable 'n' is private in outer context"); a section of what a pointer
 * parameter points to is shared, and accepted.  mcc built it. */
static void fill(int *a, int n)
{
#pragma omp for reduction(+: a[0:1])
    for (int i = 1; i < n; i++)
        a[0] += i;
#pragma omp single firstprivate(n)
    a[n - 1] = n;
}

int main(void)
{
    int a[4] = { 0 };
#pragma omp parallel
    fill(a, 4);
    return a[3] != 4;
}
