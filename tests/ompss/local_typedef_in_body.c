/* A task whose body, or the clauses of a task nested in it, name a typedef of the
 * function (found by the pragma mutation campaign, tests/mcc/fuzz): nothing the task
 * captures has that type, yet its outlined code must see the typedef. */
#include "ompss_check.h"

static int data[8];

int main(void)
{
    typedef int local_t;
    typedef struct { long lo, hi; } span_t;

#pragma omp task
    {
        local_t y = 5;              /* only the body names local_t */
        data[0] = y;
    }
#pragma omp task
#pragma omp task inout(data[(local_t)1])
    data[1] = 6;                    /* only the nested clause names it */
#pragma omp task
    {
        span_t s = {2, 4};
        for (long i = s.lo; i < s.hi; i++) {
#pragma omp task inout(data[(local_t)i])
            data[i] = (int)i * 10;
        }
    }
#pragma omp taskwait
    CHECK(data[0] == 5 && data[1] == 6, "%d %d", data[0], data[1]);
    CHECK(data[2] == 20 && data[3] == 30, "%d %d", data[2], data[3]);
    printf("local_typedef_in_body: ok\n");
    return 0;
}
