/* The definition of threadprivate_foreign.c's variable, in a unit gcc builds: with
 * -fopenmp a threadprivate one; without it (the pragma ignored) an ordinary one. */
int counter = 5;
#pragma omp threadprivate(counter)

int bump(void)
{
    return ++counter;
}
