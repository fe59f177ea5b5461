/* A doacross wait belongs in a loop with ordered(n), an ordered region in one with a plain
 * ordered (gcc: "'ordered' construct with 'depend' clause must be closely nested inside a
 * loop with 'ordered' clause with a parameter"). */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for ordered
    for (int i = 1; i < 8; i++) {
#pragma omp ordered depend(sink : i - 1)
        a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
    }
#pragma omp parallel for ordered(1)
    for (int i = 1; i < 8; i++) {
#pragma omp ordered
        a[i] = a[i - 1] + 1;
    }
    return a[7] - 7;
}
