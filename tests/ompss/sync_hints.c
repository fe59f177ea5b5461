/* The hint clause of critical and atomic takes what OpenMP calls a sync hint, a constant
 * integer expression: omp_sync_hint_* from omp.h, or'ed together, an enumerator of the
 * program, a macro's constant arithmetic, a conditional of sizeof; the constructs work as
 * without it, here from many tasks (the *_hint_* cases of tests/ompss/diag are what it refuses). */
#include "ompss_check.h"
#include <omp.h>

#define N 200
#define HINT_EXPR (1 + 1)
enum { MY_HINT = omp_sync_hint_uncontended };

static int in_section, total, other, atomics;   /* total under 'sum', other under 'other' */

int main(void)
{
    for (int i = 0; i < N; i++) {
#pragma omp task
        {
#pragma omp critical(sum) hint(omp_sync_hint_contended)
            {
                CHECK(++in_section == 1, "two tasks in the critical section");
                delay(2);
                total += 1;
                in_section--;
            }
#pragma omp critical(sum) hint(omp_sync_hint_speculative | omp_sync_hint_contended)
            total += 2;
#pragma omp critical(other) hint(MY_HINT)
            other += 3;
#pragma omp critical(other) hint(HINT_EXPR * 4 - 8)
            other += 4;
#pragma omp critical(sum) hint(sizeof(int) > 2 ? omp_sync_hint_none : omp_lock_hint_none)
            total += 5;
#pragma omp atomic hint(omp_sync_hint_uncontended)
            atomics++;
#pragma omp atomic update hint(omp_sync_hint_nonspeculative | omp_sync_hint_contended) seq_cst
            atomics += 2;
        }
    }
#pragma omp taskwait
    CHECK(total == 8 * N, "total %d, expected %d", total, 8 * N);
    CHECK(other == 7 * N, "other %d, expected %d", other, 7 * N);
    CHECK(atomics == 3 * N, "atomics %d, expected %d", atomics, 3 * N);
    return result_ok();
}
