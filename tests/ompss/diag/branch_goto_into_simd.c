/* A goto from before a simd loop into its body: "invalid entry to OpenMP structured block"
 * for gcc -fopenmp, an error at the goto for mcc. */
int main(int argc, char **argv)
{
    int n = 0;
    (void)argv;
    if (argc > 5)
        goto inside;
#pragma omp simd
    for (int i = 0; i < 4; i++) {
    inside:
        n++;
    }
    return n - 4;
}
