/* A worksharing loop that writes a variable each thread of the region has its own copy of
 * (declared in the region), other than by adding to it, in a body that asks the team's size
 * (so a team of one runs it): a warning, and the loop runs as one task.  (`mine += i` alone
 * is a sum the loop's tasks reduce into the copy.) */
#include <omp.h>

int main(void)
{
    int total = 0, threads = 0;
#pragma omp parallel
    {
        int mine = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            mine = mine * 2 % 1000 + i;
#pragma omp atomic
        total += mine;
#pragma omp single
        threads = omp_get_num_threads();
    }
    return threads != 1 || total != 13;
}
