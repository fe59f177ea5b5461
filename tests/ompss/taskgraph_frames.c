/* taskgraph whose tasks share locals of the function around it, met from other stack
 * frames: the function called from several call depths, the construct inside task bodies
 * that run on any worker's stack, and a function gcc inlines in three places of one frame
 * (its locals at three places).  A replay there would use the recording's locals (a dead
 * frame, or a live one of another call): the graph is recorded again where the frame or
 * the inlined copy changed, and replayed while neither does.  A graph whose tasks touch
 * only globals, met in task bodies on any worker, is recorded once. */
#include "ompss_check.h"

#define NB 8
#define OUTER 16

static unsigned acc[NB], ref_acc[NB];
static unsigned res[OUTER];
static unsigned inl[NB], ref_inl[NB];
static volatile unsigned sink;
static unsigned glob[NB], ref_glob[NB];
static int glob_records;
static int block_runs;
static int inl_runs;

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

static inline __attribute__((always_inline)) void add_inlined(unsigned k)
{
    unsigned loc[NB];
    for (int i = 0; i < NB; i++)
        loc[i] = k * 3u + (unsigned)i;
#pragma omp taskgraph
    {
        inl_runs++;
        for (int b = 0; b < NB; b++) {
#pragma omp task shared(loc) in(loc[b]) inout(inl[b]) firstprivate(b)
            inl[b] = step(inl[b], loc[b]);
        }
    }
    for (int b = 0; b < NB; b++)
        ref_inl[b] = step(ref_inl[b], k * 3u + (unsigned)b);
}

/* three inlined copies of add_inlined, their locals apart in this frame */
static void three_copies(unsigned t)
{
    unsigned keep[32];
    for (unsigned i = 0; i < 32; i++)
        keep[i] = t * i;
    add_inlined(t);
    {
        unsigned pad[100];
        for (unsigned i = 0; i < 100; i++)
            pad[i] = t + i + keep[i % 32];
        add_inlined(t + 100);
        sink = pad[t % 100] + keep[t % 32];
    }
    add_inlined(t + 200);
    sink = keep[3];
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

    for (unsigned t = 0; t < 5; t++)
        three_copies(t);
    for (int b = 0; b < NB; b++)
        CHECK(inl[b] == ref_inl[b], "inl[%d] = %u, expected %u: an inlined copy replayed "
              "another's locals", b, inl[b], ref_inl[b]);
    /* (the copies share the construct's one record, which holds their frame's addresses:
     * called in turn, each records again, as the sequential program runs each block) */
    CHECK(inl_runs == 15, "the blocks of the inlined copies ran %d times", inl_runs);

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
    for (unsigned j = 0; j < OUTER; j++) {
#pragma omp task
        {
#pragma omp taskgraph
            {
                __atomic_fetch_add(&glob_records, 1, __ATOMIC_RELAXED);
                for (int b = 0; b < NB; b++) {
#pragma omp task inout(glob[b]) firstprivate(b)
                    glob[b] = step(glob[b], (unsigned)b + 1u);
                }
            }
        }
        for (int b = 0; b < NB; b++)
            ref_glob[b] = step(ref_glob[b], (unsigned)b + 1u);
    }
#pragma omp taskwait
    for (int b = 0; b < NB; b++)
        CHECK(glob[b] == ref_glob[b], "glob[%d] = %u, expected %u", b, glob[b], ref_glob[b]);
    CHECK(glob_records == IF_OMPSS(1, OUTER), "the graph on globals was recorded %d times",
          glob_records);
    for (unsigned j = 0; j < OUTER; j++)
        CHECK(res[j] == outer_expected(j), "task %u: %u, expected %u: a replay used another "
              "task's locals", j, res[j], outer_expected(j));
    return result_ok();
}
