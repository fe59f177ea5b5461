/* The items of aligned(list) are pointers or arrays (gcc -fopenmp: "'n' in 'aligned'
 * clause is neither a pointer nor an array"): mcc skipped the clause unread. */
void scale(float *a, int n)
{
#pragma omp simd aligned(a, n : 16)
    for (int i = 0; i < n; i++)
        a[i] *= 2;
}
