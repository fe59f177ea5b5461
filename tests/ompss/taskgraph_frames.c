/* taskgraph whose tasks share locals of the function around it, met from other stack
 * frames: the function called from several call depths, and the construct inside task
 * bodies that run on any worker's stack.  A replay there would use the recording's
 * locals (a dead frame, or a live one of another call): the graph is recorded again where
 * the frame moved, and replayed while it does not (the block ran once per move). */
#include "ompss_check.h"

#define NB 8
#define OUTER 16

static unsigned acc[NB], ref_acc[NB];
static unsigned res[OUTER];
static int block_runs;

static void accumulate(unsigned k)
{
    unsigned local[NB];
    for (int i = 0; i < NB; i++)
        local[i] = k * 7u + (unsigned)i;
#pragma omp taskgraph
    {
        block_runs++;
        for (int b = 0; b < NB; b++) {
#pragma omp task shared(local) in(local[b]) inout(acc[b]) firstprivate(b)
            {
                delay(5);
                acc[b] = step(acc[b], local[b]);
            }
        }
    }
    for (int b = 0; b < NB; b++)
        ref_acc[b] = step(ref_acc[b], k * 7u + (unsigned)b);
}

/* accumulate(k) called `depth` frames further down the stack */
static void deeper(unsigned k, int depth)
{
    volatile char pad[256];
    pad[0] = (char)depth;
    if (depth > 0)
        deeper(k, depth - 1);
    else
        accumulate(k);
    pad[1] = pad[0];                /* no tail call: the frame stays */
}

static unsigned outer_expected(unsigned j)
{
    unsigned s = 0;
    for (unsigned b = 0; b < NB; b++)
        s += step(j + b, b);
    return s;
}

int main(void)
{
    /* the same frame: one record, replayed */
    for (unsigned k = 0; k < 4; k++)
        deeper(k, 2);
    CHECK(block_runs == IF_OMPSS(1, 4), "from one frame the block ran %d times", block_runs);
    /* calls from three depths in turn */
    for (unsigned k = 4; k < 16; k++)
        deeper(k, (int)(k % 3));
    for (int b = 0; b < NB; b++)
        CHECK(acc[b] == ref_acc[b], "acc[%d] = %u, expected %u: a replay used another call's "
              "locals", b, acc[b], ref_acc[b]);

    /* in task bodies, on whichever worker runs them */
    for (unsigned j = 0; j < OUTER; j++) {
#pragma omp task firstprivate(j) out(res[j])
        {
            unsigned loc[NB];
            for (unsigned i = 0; i < NB; i++)
                loc[i] = j + i;
#pragma omp taskgraph
            {
                for (unsigned b = 0; b < NB; b++) {
#pragma omp task shared(loc) inout(loc[b]) firstprivate(b)
                    loc[b] = step(loc[b], b);
                }
            }
            unsigned s = 0;
            for (unsigned i = 0; i < NB; i++)
                s += loc[i];
            res[j] = s;
        }
    }
#pragma omp taskwait
    for (unsigned j = 0; j < OUTER; j++)
        CHECK(res[j] == outer_expected(j), "task %u: %u, expected %u: a replay used another "
              "task's locals", j, res[j], outer_expected(j));
    return result_ok();
}
