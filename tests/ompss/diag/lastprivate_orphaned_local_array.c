/* An orphaned lastprivate on a section of a local array (gcc -fopenmp: "lastprivate
 * variable 'last' is private in outer context"), a static local being shared.  mcc built
 * it. */
static int scan(const int *v, int n)
{
    static int hits;
    int last[1] = { -1 };
#pragma omp for reduction(+: hits)
    for (int i = 0; i < n; i++)
        hits += v[i] > 0;
#pragma omp for lastprivate(last)
    for (int i = 0; i < n; i++)
        last[0] = v[i];
    return last[0] + hits;
}

int main(void)
{
    int v[4] = { 1, 2, 3, 4 };
    int r = 0;
#pragma omp parallel
    r = scan(v, 4);
    return r != 8;
}
