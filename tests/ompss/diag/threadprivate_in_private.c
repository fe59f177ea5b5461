/* A threadprivate variable is each thread's own already: it is in no data-sharing clause
 * (gcc -fopenmp: "'counter' is predetermined 'threadprivate' for 'private'"); mcc built
 * it. */
static int counter;
#pragma omp threadprivate(counter)

int main(void)
{
#pragma omp parallel private(counter)
    counter = 1;
    return 0;
}
