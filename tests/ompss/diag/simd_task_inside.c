/* Inside a simd loop only simd, loop, atomic, scan and 'ordered simd' constructs may be
 * (gcc -fopenmp: "OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic'
 * may not be nested inside 'simd' region"): mcc dropped the simd line and made the body's
 * tasks. */
int main(void)
{
    int a[8];
#pragma omp parallel for simd
    for (int i = 0; i < 8; i++) {
#pragma omp task shared(a)
        a[i] = i;
    }
    return a[7] != 7;
}
