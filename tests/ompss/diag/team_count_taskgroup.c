/* a region's body counting its threads by `reduction(+: n)` and `n++`, and waiting in a
   taskgroup for the tasks it creates: mcc runs a body with a taskgroup of its own once, as
   a team of one, so the count is 1 where OpenMP's team counts each thread; a warning says
   so (it was silent) */
void work(int *);
int run(int *data)
{
    int n = 0;
#pragma omp parallel reduction(+: n)
    {
        n++;
#pragma omp taskgroup
        {
#pragma omp task
            work(data);
        }
    }
    return n;
}
