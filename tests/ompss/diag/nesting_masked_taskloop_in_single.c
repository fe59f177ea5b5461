/* `masked taskloop` is a masked region around a taskloop: like `masked` alone it may not
   be closely nested in a single (gcc -fopenmp: "'masked' region may not be closely nested
   inside of work-sharing, 'loop', explicit 'task' or 'taskloop' region"); mcc took the
   combined directive for a taskloop and compiled it. */
int main(void)
{
    int hits = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp masked taskloop reduction(+: hits)
        for (int i = 0; i < 8; i++)
            hits++;
    }
    return hits != 8;
}
