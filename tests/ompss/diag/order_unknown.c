/* order's argument is 'concurrent' (OpenMP 5.0; 5.1 allows 'reproducible:' or
 * 'unconstrained:' before it): gcc -fopenmp says "expected 'concurrent' before 'random'";
 * mcc skipped the clause as advice whatever it held. */
int main(void)
{
    int a[8];
#pragma omp parallel for order(random)
    for (int i = 0; i < 8; i++)
        a[i] = i;
    return a[7] != 7;
}
