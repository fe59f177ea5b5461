/* if(expr): a task whose condition is false runs at once in the creating thread,
 * still after its dependences, so its effect is visible right after the construct;
 * with a true condition it is an ordinary task. */
#include "ompss_check.h"
#include <omp.h>

static int x, y, z;

#pragma omp task inout(*p) if(now == 0)
void bump(int *p, int now)
{
    *p += 1;
}

int main(void)
{
#pragma omp task out(x)
    {
        delay(SLOW);
        x = 42;
    }
    int creator = omp_get_thread_num(), ran_on = -1;
#pragma omp task if(0) in(x) out(y) shared(ran_on)
    {
        y = x + 1;
        ran_on = omp_get_thread_num();
    }
    CHECK(y == 43, "y = %d right after the if(0) task: it did not wait for x or was deferred", y);
    CHECK(ran_on == creator, "the if(0) task ran on thread %d, the creator is %d", ran_on, creator);

    int cond = 1;
#pragma omp task if(cond - 1) inout(z)
    z = 5;
    CHECK(z == 5, "z = %d: if(cond - 1) is false", z);
#pragma omp task if(cond) inout(z)
    z *= 3;
    bump(&z, 0);
    bump(&z, 1);
#pragma omp taskwait
    CHECK(z == 17, "z = %d, expected 17", z);
    return result_ok();
}
