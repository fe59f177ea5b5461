/* The outer loop's bound names the inner loop's variable, which the nest sets: gcc
 * -fopenmp refuses it; mcc read j once, before the loops, and ran other iterations than
 * the loops written. */
int main(void)
{
    int i, j = 5, n = 0;
#pragma omp parallel for collapse(2) reduction(+: n)
    for (i = 0; i < j; i++)
        for (j = 0; j < 10; j++)
            n++;
    return n == 10 ? 0 : 1;
}
