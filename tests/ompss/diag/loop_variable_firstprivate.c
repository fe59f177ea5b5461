/* A loop's variable is each iteration's own, lastprivate at most: not firstprivate, not in a
 * reduction (gcc -fopenmp: "iteration variable 'i' should not be firstprivate"); mcc built
 * it. */
int main(void)
{
    int a[8], i = 0;
#pragma omp parallel for firstprivate(i)
    for (i = 0; i < 8; i++)
        a[i] = i;
    return a[7] != 7;
}
