/* copy_in / copy_out / copy_inout on an inline task (for device(smp), on the task line or
 * on a `target` line) make the variables they name shared for the task: after the
 * taskwait the parent sees what the task wrote. */
#include "ompss_check.h"

int main(void)
{
    int c = 9, d = 1, e = 5, f[3] = {1, 2, 3};
#pragma omp target device(smp) copy_inout(c)
#pragma omp task
    c++;
#pragma omp task copy_inout(d)
    d++;
#pragma omp target device(smp) copy_out(e)
#pragma omp task
    e = 7;
#pragma omp task copy_out(f) copy_in(c)
    f[2] = 30;
#pragma omp taskwait
    CHECK(c == 10, "copy_inout on target: c = %d", c);
    CHECK(d == 2, "copy_inout on task: d = %d", d);
    CHECK(e == 7, "copy_out on target: e = %d", e);
    CHECK(f[2] == 30, "copy_out of an array: f[2] = %d", f[2]);
    return result_ok();
}
