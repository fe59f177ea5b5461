/* An ordered loop's schedule cannot be nonmonotonic (gcc: "'nonmonotonic' schedule
 * modifier specified together with 'ordered' clause"). */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for ordered schedule(nonmonotonic : dynamic)
    for (int i = 1; i < 8; i++) {
#pragma omp ordered
        a[i] = a[i - 1] + 1;
    }
    return a[7] - 7;
}
