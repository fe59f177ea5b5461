/* An atomic construct's hint must be a constant integer expression: a const int object
 * is not one in C (gcc -fopenmp refuses it too); mcc says so at the argument instead of
 * skipping the clause. */
#include <omp.h>

int counter;
const int level = omp_sync_hint_speculative;

int main(void)
{
#pragma omp atomic update hint(level)
    counter++;
    return counter != 1;
}
