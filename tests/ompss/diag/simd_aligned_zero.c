/* The alignment of aligned(list : a) is a positive integer constant (gcc: "'aligned'
 * clause alignment expression must be positive constant integer expression"). */
void scale(float *a, int n)
{
#pragma omp simd aligned(a : 0)
    for (int i = 0; i < n; i++)
        a[i] *= 2;
}
