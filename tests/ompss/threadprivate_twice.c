/* A variable named by two threadprivate directives (OpenMP allows it; found by the pragma
 * mutation campaign, tests/mcc/fuzz): one thread-local variable, each worker's own copy.
 * gcc -fopenmp and plain gcc (pragmas ignored) accept it; mcc wrote __thread twice. */
#include "ompss_check.h"

static int scratch;
#pragma omp threadprivate(scratch)
static int total[16];
#pragma omp threadprivate(scratch)

int main(void)
{
    for (int t = 0; t < 16; t++) {
#pragma omp task firstprivate(t) shared(total)
        {
            scratch = t * 3;
            total[t] = scratch + 1;
        }
    }
#pragma omp taskwait
    for (int t = 0; t < 16; t++)
        CHECK(total[t] == t * 3 + 1, "total[%d] = %d", t, total[t]);
    printf("threadprivate_twice: ok\n");
    return 0;
}
