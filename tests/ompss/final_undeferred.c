/* final(expr): a final task and every task it creates run undeferred, so the effect
 * of a child is visible right after its construct, without a taskwait; final(0)
 * changes nothing. */
#include "ompss_check.h"

static int tree_ok = 1;

/* Leaves of a binary tree of tasks; under final (in_final) both children must have
 * run before the taskwait. */
static int count(int depth, int in_final)
{
    if (depth == 0)
        return 1;
    int a = 0, b = 0;
#pragma omp task shared(a)
    a = count(depth - 1, in_final);
#pragma omp task shared(b)
    b = count(depth - 1, in_final);
    if (in_final && (a == 0 || b == 0))
        __atomic_store_n(&tree_ok, 0, __ATOMIC_SEQ_CST);
#pragma omp taskwait
    return a + b;
}

int main(void)
{
    int leaves = 0, child = 0, plain = 0;
#pragma omp task final(1) shared(leaves, child)
    {
        leaves = count(5, 1);
#pragma omp task shared(child)
        {
            delay(SLOW);
            child = 7;
        }
        if (child != 7)
            __atomic_store_n(&tree_ok, 0, __ATOMIC_SEQ_CST);
    }
    int depth = 3;
#pragma omp task final(depth > 10) shared(plain)
    plain = count(depth, 0);
#pragma omp taskwait
    CHECK(tree_ok, "a task created inside a final task was deferred");
    CHECK(leaves == 32, "leaves = %d, expected 32", leaves);
    CHECK(child == 7, "child = %d", child);
    CHECK(plain == 8, "plain = %d, expected 8", plain);
    return result_ok();
}
