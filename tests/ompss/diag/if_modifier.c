/* if(name: expr) names the construct the condition is for (gcc: "expected 'parallel' 'if'
 * clause modifier rather than 'task'"); `simd` only where the construct has a simd part. */
int main(void)
{
    int a[8], n = 8;
#pragma omp parallel for if(parallel : n > 2)
    for (int i = 0; i < 8; i++)
        a[i] = i;
#pragma omp parallel for if(task : n > 2)
    for (int i = 0; i < 8; i++)
        a[i] = i;
#pragma omp task if(simd : n > 2)
    a[0] = 1;
#pragma omp taskwait
    return a[0];
}
