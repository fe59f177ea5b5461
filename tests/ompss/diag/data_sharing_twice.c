/* A variable in two data-sharing clauses of one construct has no one attribute (gcc:
 * "appears more than once in data clauses"); firstprivate with lastprivate is the one pair
 * OpenMP allows.  Also in_reduction with firstprivate on a task, a name listed twice in one
 * clause, and two sections of one array in two reductions (of a taskloop, of a
 * taskgroup). */
int main(void)
{
    int x = 0, y[4] = {0};
#pragma omp parallel for firstprivate(x) lastprivate(x)
    for (int i = 0; i < 4; i++)
        x += i;
#pragma omp parallel for shared(x) reduction(+: x)
    for (int i = 0; i < 4; i++)
        x += i;
#pragma omp task in_reduction(+: x) firstprivate(x)
    x++;
#pragma omp parallel private(x, x)
    x = 1;
#pragma omp taskloop reduction(+: y[0:1]) reduction(+: y[1:1])
    for (int i = 0; i < 4; i++)
        y[0] += i;
#pragma omp taskgroup task_reduction(+ : y[0:2]) task_reduction(+ : y[2:2])
    {
#pragma omp task in_reduction(+ : y[0:2])
        y[1] += 1;
    }
    return x + y[0];
}
