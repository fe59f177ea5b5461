/* scope (OpenMP 5.1) is placed like a worksharing construct: every thread of the team runs
 * it, so it may not be closely nested inside single or a task (gcc: "'scope' region may
 * not be closely nested inside of work-sharing, ... explicit 'task' ..."); a barrier
 * inside a scope is fine. */
int main(void)
{
    int a[2] = {0, 0};
#pragma omp parallel
    {
#pragma omp scope
        {
#pragma omp barrier
        }
#pragma omp single
        {
#pragma omp scope
            a[0]++;
        }
    }
#pragma omp task
    {
#pragma omp scope
        a[1]++;
    }
#pragma omp taskwait
    return a[0] + a[1];
}
