/* Dependences through `void *` handles, as generic C code holds its buffers: `inout(*h)`,
 * `depend(inout: *h)`, `in(*h)` and `h[k++]` of a `void *h` order the tasks on the byte at
 * that address (mcc warns at the clause, as gcc -fopenmp warns of the dereference, and the
 * generated code dereferences nothing: gcc warned of it at a generated column), `k++`
 * once.  The updates are order-dependent, so a missing dependence gives a wrong result. */
/* mcc-flags: -O1 -Wall -Wextra */
#include "ompss_check.h"

enum { SLOTS = 4, STEPS = 40 };

static void slow_step(void *h, int s)
{
    long *v = h;
    long old = *v;
    for (volatile int spin = 0; spin < 2000; spin++)
        ;
    *v = old * 3 + s;
}

static void slow_read(const void *h, long *seen)
{
    for (volatile int spin = 0; spin < 2000; spin++)
        ;
    *seen = *(const long *)h;
}

int main(void)
{
    long slot[SLOTS] = {0}, want[SLOTS] = {0}, seen[STEPS];
    void *h[SLOTS];
    for (int i = 0; i < SLOTS; i++)
        h[i] = &slot[i];
    for (int s = 0; s < STEPS; s++) {
        void *vp = h[s % SLOTS];
#pragma omp task inout(*vp)
        slow_step(vp, s);
#pragma omp task in(*vp) out(seen[s])
        slow_read(vp, &seen[s]);
        void *wp = h[(s + 1) % SLOTS];
#pragma omp task depend(inout: *wp)
        slow_step(wp, -s);
    }
#pragma omp taskwait
    for (int s = 0; s < STEPS; s++) {
        want[s % SLOTS] = want[s % SLOTS] * 3 + s;
        CHECK(seen[s] == want[s % SLOTS], "step %d read %ld, expected %ld", s, seen[s],
              want[s % SLOTS]);
        want[(s + 1) % SLOTS] = want[(s + 1) % SLOTS] * 3 - s;
    }
    for (int i = 0; i < SLOTS; i++)
        CHECK(slot[i] == want[i], "slot %d is %ld, expected %ld", i, slot[i], want[i]);

    /* an element of a void * (one byte each) with an index evaluated once */
    char bytes[8] = {0};
    void *base = bytes;
    int k = 2;
#pragma omp task inout(base[k++])
    ((char *)base)[2]++;
    CHECK(k == 3, "base[k++] evaluated %d times", k - 2);
#pragma omp taskwait
    CHECK(bytes[2] == 1, "bytes[2] is %d", bytes[2]);
    puts("result: OK");
    return 0;
}
