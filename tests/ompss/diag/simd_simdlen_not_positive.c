/* simdlen's argument is a positive integer constant (OpenMP 5.0 2.9.3.1; gcc -fopenmp
 * refuses simdlen(0)): mcc dropped the simd line unread and built the program. */
#define WIDTH 0

void scale(float *a, int n)
{
#pragma omp simd simdlen(WIDTH)
    for (int i = 0; i < n; i++)
        a[i] *= 2;
}

int main(void)
{
    float a[4] = { 1, 2, 3, 4 };
    scale(a, 4);
    return a[3] != 8;
}
