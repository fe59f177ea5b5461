/* A worksharing loop that names a threadprivate variable, in a body that asks the team's
 * size (so a team of one runs it): a warning, and the loop runs as one task at once on the
 * thread that runs the region, whose copy the region reads. */
#include <omp.h>

static int part;
#pragma omp threadprivate(part)

int main(void)
{
    int total = 0, threads = 0;
#pragma omp parallel
    {
        part = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            part += i;
#pragma omp atomic
        total += part;
#pragma omp single
        threads = omp_get_num_threads();
    }
    return threads != 1 || total != 45;
}
