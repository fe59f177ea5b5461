/* `master` directly as the statement of a task (a mutant of the campaign: gcc -fopenmp
 * says "'master' region may not be closely nested inside ... explicit 'task'"): mcc's
 * error at the inner directive. */
int main(void)
{
    int done = 0;
#pragma omp task shared(done)
#pragma omp master
    {
        done = 1;
    }
#pragma omp taskwait
    return done - 1;
}
