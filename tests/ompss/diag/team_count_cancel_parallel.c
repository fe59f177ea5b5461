/* a region's body counting its threads with an atomic, then `cancel parallel` on a
   condition: mcc runs a body with a cancel of its region once, as a team of one, so the
   count is 1 where OpenMP's team counts each thread; a warning says so (it was silent) */
int count;
void run(int limit)
{
#pragma omp parallel
    {
#pragma omp atomic
        count++;
#pragma omp cancel parallel if (count > limit)
    }
}
