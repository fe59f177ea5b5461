/* allocate(align(n): list) (OpenMP 5.1) with n not a power of two: gcc -fopenmp says
   "'allocate' clause 'align' modifier argument needs to be positive constant power of two
   integer expression"; mcc skipped the modifier and compiled the task. */
int main(void)
{
    double b[4] = {0};
#pragma omp task firstprivate(b) allocate(align(24): b)
    b[0] += 1;
#pragma omp taskwait
    return (int)b[0];
}
