/* A simd loop has OpenMP's canonical form too, so an increment of 0 is an error (gcc:
 * "invalid increment expression"): mcc dropped the simd line and built an endless loop. */
int main(void)
{
    int a[10] = { 0 };
#pragma omp simd
    for (int i = 0; i < 10; i = i + 0)
        a[i] = 1;
    return a[0] != 1;
}
