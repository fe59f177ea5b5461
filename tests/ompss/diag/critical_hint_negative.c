/* A hint is omp_sync_hint_* values or'ed together: a negative constant is none (gcc
 * -fopenmp: "expected constant integer expression with valid sync-hint value"). */
#include <omp.h>

int counter;

int main(void)
{
#pragma omp critical(count) hint(omp_sync_hint_none - 1)
    counter++;
    return counter != 1;
}
