/* cancel and cancellation point name the construct they cancel and must be closely nested
 * inside it (gcc: "'#pragma omp cancel for' inside 'parallel' region"), whether
 * OMP_CANCELLATION is true or not. */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for
    for (int i = 0; i < 8; i++) {
#pragma omp cancel for if(a[i] > 1)
        a[i] = i;
    }
#pragma omp parallel
    {
#pragma omp cancel for
    }
    return a[0];
}
