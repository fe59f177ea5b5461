/* inprivate on a function task names a section of a pointer parameter (`a[0;n]`): mcc
 * copies only what the pointer points to as a whole (`*p`, `[n]p`, an array parameter's
 * name), so it says so.  It took the clause for an `in` dependence alone, and the task's
 * writes went to the caller's array. */
#pragma omp task inprivate(a[0;n]) out(*s)
void first(int n, double *a, double *s)
{
    a[0] += 1;
    *s = a[0];
}

int main(void)
{
    double a[2] = {1, 2}, s;
    first(2, a, &s);
#pragma omp taskwait
    return s == 2 ? 0 : 1;
}
