/* Macros expand inside #pragma omp lines: sizes in shaping and sections, whole
 * clauses, dependence lists and priorities given by macros. */
#include "ompss_check.h"

#define N 64
#define BS 16
#define NB (N / BS)
#define BLOCK(v, b) v[(b) * BS; BS]
#define DEPS_RW(r, w) in(r) inout(w)
#define PRIO 3

static unsigned v[N];

#pragma omp task inout([N]p)
void all(unsigned *p)
{
    for (int i = 0; i < N; i++)
        p[i] = step(p[i], 1);
}

int main(void)
{
    unsigned total = 0, last = 0;
    for (int r = 0; r < 3; r++) {
        for (int b = 0; b < NB; b++) {
#pragma omp task inout(BLOCK(v, b)) priority(PRIO)
            {
                delay(SLOW / 4);
                for (int i = b * BS; i < (b + 1) * BS; i++)
                    v[i] = step(v[i], (unsigned)(r + b));
            }
        }
        for (int b = 0; b < NB; b++) {
            /* the last element of each block: covered only if BLOCK's length is right */
#pragma omp task in(v[(b + 1) * BS - 1]) inout(last)
            last = step(last, v[(b + 1) * BS - 1]);
        }
        all(v);
    }
#pragma omp task DEPS_RW(v[0:N-1], total)
    for (int i = 0; i < N; i++)
        total += v[i];
#pragma omp taskwait

    unsigned ref[N] = {0}, rt = 0, rlast = 0;
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < N; i++)
            ref[i] = step(ref[i], (unsigned)(r + i / BS));
        for (int b = 0; b < NB; b++)
            rlast = step(rlast, ref[(b + 1) * BS - 1]);
        for (int i = 0; i < N; i++)
            ref[i] = step(ref[i], 1);
    }
    for (int i = 0; i < N; i++) {
        CHECK(v[i] == ref[i], "v[%d] = %u, expected %u", i, v[i], ref[i]);
        rt += ref[i];
    }
    CHECK(total == rt, "total = %u, expected %u", total, rt);
    CHECK(last == rlast, "last = %u, expected %u: a block task did not cover its last element", last, rlast);
    return result_ok();
}
