/* priority(expr): with one worker, queued ready tasks run highest priority first
 * (positive before the default 0, negative last); with more workers every task still
 * runs once.  Sequentially the tasks run in creation order. */
#include "ompss_check.h"
#include <omp.h>

#define NT 12

static int order[NT];
static int next;

int main(void)
{
    static const int prio[NT] = {3, -2, 7, 0, 1, 9, -5, 4, 0, 2, 8, 6};
    for (int i = 0; i < NT; i++) {
#pragma omp task priority(prio[i])
        {
            int k = __atomic_fetch_add(&next, 1, __ATOMIC_SEQ_CST);
            order[k] = prio[i];
        }
    }
#pragma omp taskwait

    CHECK(next == NT, "%d tasks ran, expected %d", next, NT);
    int seen[NT] = {0};
    for (int k = 0; k < NT; k++)
        for (int i = 0; i < NT; i++)
            if (prio[i] == order[k] && !seen[i]) {
                seen[i] = 1;
                break;
            }
    for (int i = 0; i < NT; i++)
        CHECK(seen[i], "the task of priority %d did not run", prio[i]);
    if (!OMPSS_RUN) {
        for (int k = 0; k < NT; k++)
            CHECK(order[k] == prio[k], "sequential run out of creation order at %d", k);
    } else if (omp_get_max_threads() == 1) {
        for (int k = 1; k < NT; k++)
            CHECK(order[k - 1] >= order[k], "priority %d ran before %d (position %d)",
                  order[k - 1], order[k], k);
    }
    return result_ok();
}
