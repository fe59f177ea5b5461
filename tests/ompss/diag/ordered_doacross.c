/* Doacross waits name a source or sinks (gcc: "expected 'source' or 'sink'"), and belong
 * in a loop with an ordered clause.  A valid doacross nest runs in order. */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for ordered(1)
    for (int i = 1; i < 8; i++) {
#pragma omp ordered depend(sink : i - 1)
        a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
    }
#pragma omp parallel for ordered(1)
    for (int i = 1; i < 8; i++) {
#pragma omp ordered depend(in : i - 1)
        a[i] = a[i - 1] + 1;
    }
    return a[7] - 7;
}
