/* default(firstprivate) on a task (and default(private)): a global the task names must be
 * listed, as on a parallel region (gcc -fopenmp: "'total' not specified in enclosing
 * 'task'"); mcc shared it without a word. */
int total;

int main(void)
{
    int step = 2;
#pragma omp task default(firstprivate)
    total += step;
#pragma omp taskwait
    return total != 2;
}
