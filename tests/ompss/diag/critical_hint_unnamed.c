/* A critical construct with a hint other than omp_sync_hint_none has a name: the hint is for
 * the lock the regions of that name share (OpenMP 5.0 2.17.1; gcc -fopenmp: "'#pragma omp
 * critical' with 'hint' clause requires a name"); mcc built it. */
#include <omp.h>

int total;

int main(void)
{
#pragma omp parallel
#pragma omp critical hint(omp_sync_hint_contended)
    total++;
    return total < 1;
}
