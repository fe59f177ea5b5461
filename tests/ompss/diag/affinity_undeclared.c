/* The list of 'affinity' (OpenMP 5.0: where a task's data are, advice the scheduler does
 * without) names data the task can see (gcc -fopenmp: "'rows' undeclared"): the clause was
 * skipped unread, typos and all. */
int main(void)
{
    int row[8] = { 0 };
#pragma omp task affinity(rows[0:8]) shared(row)
    row[0] = 1;
#pragma omp taskwait
    return row[0] != 1;
}
