/* simdlen may not be more than safelen (gcc: "'simdlen' clause value is bigger than
 * 'safelen' clause value"): mcc skipped both as advice. */
void shift(float *a, int n)
{
#pragma omp parallel for simd simdlen(8) safelen(4)
    for (int i = 4; i < n; i++)
        a[i] = a[i - 4] + 1;
}

int main(void)
{
    float a[16] = { 0 };
    shift(a, 16);
    return a[15] != 3;
}
