/* sections that write a variable private to each thread of the parallel region run in
 * order in the encountering task (a team of one thread), nested tasks included: the
 * variable ends with every section's update. */
#include "ompss_check.h"

int main(void)
{
    int total = 0;
#pragma omp parallel
    {
        int mine = 0;
#pragma omp sections
        {
#pragma omp section
            mine += 3;
#pragma omp section
            {
#pragma omp task shared(mine)
                mine += 4;
#pragma omp taskwait
            }
        }
        total += mine;
    }
    CHECK(total == 7, "total = %d", total);
    return 0;
}
