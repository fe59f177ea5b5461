/* A clause may name only what is declared before the construct: `total` comes after. */
int sum(const int *a, int n)
{
    int s = 0;
#pragma omp task in(a[0;n]) inout(total)
    for (int i = 0; i < n; i++)
        s += a[i];
    int total = s;
    return total;
}
