/* schedule(runtime) takes no chunk size: OMP_SCHEDULE gives it (gcc -fopenmp: "schedule
 * 'runtime' does not take a 'chunk_size' parameter"); auto neither.  mcc built it. */
int main(void)
{
    int a[16];
#pragma omp parallel for schedule(runtime, 4)
    for (int i = 0; i < 16; i++)
        a[i] = i;
    return a[15] != 15;
}
