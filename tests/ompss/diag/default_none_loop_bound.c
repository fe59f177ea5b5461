/* A combined parallel loop's bounds and steps are evaluated in its region, whose
 * default(none) asks a clause for their variables too (gcc -fopenmp: "'n' not specified in
 * enclosing 'parallel'"): mcc checked the body only. */
int main(void)
{
    int a[8], n = 8;
#pragma omp parallel for default(none) shared(a)
    for (int i = 0; i < n; i++)
        a[i] = i;
    return a[7] != 7;
}
