/* A critical construct's hint must be a constant integer expression (OpenMP 5.2 15.1;
 * gcc -fopenmp: "expected constant integer expression with valid sync-hint value"): mcc
 * says so at the argument.  It skipped the clause with whatever it held. */
#include <omp.h>

int counter;

void bump(int contended)
{
    int h = contended ? omp_sync_hint_contended : omp_sync_hint_uncontended;
#pragma omp critical(count) hint(h)
    counter++;
}

int main(void)
{
    bump(1);
    return counter != 1;
}
