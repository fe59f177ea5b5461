/* A lone `target` line before a statement has no task to describe. */
int main(void)
{
    int x = 0;
#pragma omp target device(smp)
    x = 1;
    return x - 1;
}
