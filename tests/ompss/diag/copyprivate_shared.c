/* copyprivate sets each thread's copy of its variables to the value of the thread that ran
 * the single: they are private in the parallel region or threadprivate (gcc -fopenmp:
 * "copyprivate variable 'seed' is not threadprivate or private in outer context"); mcc
 * built it. */
int main(void)
{
    int seed = 0;
#pragma omp parallel shared(seed)
#pragma omp single copyprivate(seed)
    seed = 42;
    return seed != 42;
}
