/* Doacross loops, `ordered(n)` with `ordered depend(sink: ...)` / `depend(source)`: the
 * waits between iterations would have to be kept, and mcc does not keep them yet. */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel for ordered(1)
    for (int i = 1; i < 8; i++) {
#pragma omp ordered depend(sink : i - 1)
        a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
    }
    return a[7] - 7;
}
