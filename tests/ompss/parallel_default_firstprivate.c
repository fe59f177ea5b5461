/* default(firstprivate) on a parallel region (OpenMP 5.0): every local the region names and
 * no clause lists is the region's own copy, made at its start (a scalar, an array, a
 * double); a listed shared variable is the caller's; a firstprivate copy a task inside
 * takes is the region's value.  Sequentially (pragmas ignored) the region writes the
 * caller's variables, hence the IF_OMPSS expectations.  mcc said "sorry". */
#include "ompss_check.h"

int main(void)
{
    int x = 1, arr[3] = {1, 2, 3}, out = 0, seen = 0;
    double y = 2.5;
#pragma omp parallel default(firstprivate) shared(out, seen)
    {
        x += 10;
        arr[1] = 99;
        y *= 2;
        out = x + arr[1] + (int)y;
#pragma omp single
#pragma omp task shared(seen)
        seen = x;
    }
    CHECK(out == 11 + 99 + 5, "out = %d, expected 115", out);
    CHECK(seen == 11, "the task saw x = %d, expected the region's 11", seen);
    CHECK(x == IF_OMPSS(1, 11), "x = %d: the region's copy leaked out", x);
    CHECK(arr[1] == IF_OMPSS(2, 99), "arr[1] = %d: the region's copy leaked out", arr[1]);
    CHECK(y == IF_OMPSS(2.5, 5.0), "y = %g: the region's copy leaked out", y);
    return result_ok();
}
