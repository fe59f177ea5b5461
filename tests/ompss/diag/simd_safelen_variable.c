/* safelen's argument must be a constant, not a variable (gcc: "'safelen' clause expression
 * must be positive constant integer expression"). */
void shift(float *a, int n, int d)
{
#pragma omp simd safelen(d)
    for (int i = d; i < n; i++)
        a[i] = a[i - d] + 1;
}

int main(void)
{
    float a[16] = { 0 };
    shift(a, 16, 4);
    return a[15] != 3;
}
