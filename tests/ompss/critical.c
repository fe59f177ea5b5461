/* critical: the unnamed critical and two named ones protect non-atomic
 * read-modify-write sequences; tasks inside the same named section never overlap. */
#include "ompss_check.h"

#define NT 64

static long plain, red, blue;
static int in_red;

int main(void)
{
    for (int i = 0; i < NT; i++) {
#pragma omp task
        {
#pragma omp critical
            {
                long t = plain;
                delay(1);
                plain = t + 1;
            }
#pragma omp critical(red)
            {
                int n = __atomic_add_fetch(&in_red, 1, __ATOMIC_SEQ_CST);
                CHECK(n == 1, "%d tasks inside critical(red)", n);
                long t = red;
                delay(10);
                red = t + i;
                __atomic_sub_fetch(&in_red, 1, __ATOMIC_SEQ_CST);
            }
#pragma omp critical(blue)
            blue += 2;
        }
    }
#pragma omp taskwait
    CHECK(plain == NT, "plain = %ld, expected %d", plain, NT);
    CHECK(red == (long)NT * (NT - 1) / 2, "red = %ld", red);
    CHECK(blue == 2 * NT, "blue = %ld", blue);
    return result_ok();
}
