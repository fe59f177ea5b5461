/* A loop's increment is not 0 (gcc -fopenmp: "invalid increment expression"): mcc counted
 * its iterations dividing by the step, 0 (SIGFPE at run time). */
#define STEP 0

int main(void)
{
    int a[10] = { 0 };
#pragma omp parallel for
    for (int i = 0; i < 10; i += STEP)
        a[i] = 1;
    return a[0] != 1;
}
