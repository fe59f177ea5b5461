/* taskwait on(x), taskwait in/out/inout(x) and taskwait noflush: after each one the
 * named data has its final value (its producers have finished) while unrelated tasks
 * may still run; a plain taskwait at the end waits for the rest. */
#include "ompss_check.h"

static int x, y, z, w, slow;

int main(void)
{
#pragma omp task out(slow)
    {
        delay(SLOW);
        slow = 1;
    }
#pragma omp task out(x)
    {
        delay(SLOW);
        x = 1;
    }
#pragma omp task inout(x)
    x += 10;
#pragma omp taskwait on(x)
    CHECK(x == 11, "after taskwait on(x): x = %d, expected 11", x);

#pragma omp task out(y)
    {
        delay(SLOW);
        y = 2;
    }
#pragma omp taskwait in(y)
    CHECK(y == 2, "after taskwait in(y): y = %d", y);

#pragma omp task in(y) out(z)
    {
        delay(SLOW);
        z = y * 3;
    }
#pragma omp taskwait out(z)
    CHECK(z == 6, "after taskwait out(z): z = %d", z);

    int *pw = &w;
#pragma omp task inout(*pw)
    {
        delay(SLOW);
        *pw += 5;
    }
#pragma omp taskwait inout(*pw)
    CHECK(w == 5, "after taskwait inout(*pw): w = %d", w);

#pragma omp task inout(w)
    w *= 2;
#pragma omp taskwait noflush
    CHECK(w == 10 && slow == 1, "after taskwait noflush: w = %d slow = %d", w, slow);

#pragma omp task inout(x, y)
    {
        delay(SLOW);
        x = -x;
        y = -y;
    }
#pragma omp taskwait on(x, y)
    CHECK(x == -11 && y == -2, "after taskwait on(x, y): %d %d", x, y);
#pragma omp taskwait
    return result_ok();
}
