/* commutative(x): the tasks of a run execute one at a time in any order (plain,
 * non-atomic read-modify-write must not lose updates), after the previous writer and
 * before the next reader; also as a function task clause with shaping. */
#include "ompss_check.h"

#define NT 48
#define M 8

static long acc, after;
static int in_acc, in_vec; /* tasks inside each commutative run right now */
static long vec[M];

static void enter(int *inside)
{
    int n = __atomic_add_fetch(inside, 1, __ATOMIC_SEQ_CST);
    CHECK(n == 1, "%d commutative tasks on the same data ran at once", n);
}

static void leave(int *inside)
{
    __atomic_sub_fetch(inside, 1, __ATOMIC_SEQ_CST);
}

#pragma omp task commutative([n]v)
void add_vec(long *v, int n, long k)
{
    enter(&in_vec);
    for (int i = 0; i < n; i++) {
        long t = v[i];
        delay(1);
        v[i] = t + k * i;
    }
    leave(&in_vec);
}

int main(void)
{
#pragma omp task out(acc)
    {
        delay(SLOW);
        acc = 5;
    }
    for (long i = 1; i <= NT; i++) {
#pragma omp task commutative(acc)
        {
            enter(&in_acc);
            long t = acc;
            delay(6);
            acc = t + i;
            leave(&in_acc);
        }
    }
#pragma omp task in(acc) out(after)
    after = acc;
    for (long k = 1; k <= 10; k++)
        add_vec(vec, M, k);
#pragma omp taskwait

    long ref = 5 + (long)NT * (NT + 1) / 2;
    CHECK(after == ref, "reader saw %ld, expected %ld", after, ref);
    for (int i = 0; i < M; i++)
        CHECK(vec[i] == 55L * i, "vec[%d] = %ld, expected %ld", i, vec[i], 55L * i);
    return result_ok();
}
