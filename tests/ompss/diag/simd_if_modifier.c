/* An 'if' clause's modifier names the construct it applies to: 'parallel' on a simd loop
 * does not (gcc -fopenmp: "expected 'simd' 'if' clause modifier rather than 'parallel'"). */
int main(int argc, char **argv)
{
    int a[8];
    (void)argv;
#pragma omp simd if(parallel : argc > 1)
    for (int i = 0; i < 8; i++)
        a[i] = i;
    return a[7] != 7;
}
