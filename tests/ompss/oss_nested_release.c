/* OmpSs-2 releases a task's dependences only when the task AND all its descendants have
 * finished: a subtask writes data its parent declared `out` (the parent's body ends at
 * once, with no taskwait), and the parent's next sibling, which reads that data, must see
 * the subtask's write.  Two levels deep, and through a function task. */
#include "ompss_check.h"

static int v, w[8];

#pragma oss task out(*p)
static void produce(int *p, int value)
{
#pragma oss task out(*p) firstprivate(value)
    {
        delay(SLOW);
        *p = value;
    }
}

int main(void)
{
    int x = 1;
#pragma oss task
    x++;            /* firstprivate: the task has a copy, when the pragma makes one */
#pragma oss taskwait
    CHECK(x == IF_OMPSS(1, 2), "x = %d: '#pragma oss task' made no task", x);
    for (int round = 1; round <= 3; round++) {
#pragma oss task out(v)
        {
#pragma oss task out(v)
            {
#pragma oss task out(v)
                {
                    delay(SLOW);
                    v = round * 10;
                }
            }
        }
#pragma oss task in(v)
        CHECK(v == round * 10, "v = %d, want %d: the parent released 'out(v)' before its "
              "descendants finished", v, round * 10);
        for (int i = 0; i < 8; i++)
            produce(&w[i], round + i);
        for (int i = 0; i < 8; i++) {
#pragma oss task in(w[i])
            CHECK(w[i] == round + i, "w[%d] = %d: the function task released early", i, w[i]);
        }
    }
#pragma oss taskwait
    return result_ok();
}
