/* taskgraph with nested tasks and ordinary tasks around it: tasks of a recorded graph
 * create tasks of their own (with dependences and a taskwait), created anew in every
 * replay; a taskloop with nogroup inside the graph; ordinary tasks before each nogroup
 * replay write what the graph reads and ordinary tasks after it read what the graph wrote,
 * with no wait in between (a slow writer makes a missing order visible). */
#include "ompss_check.h"

#define NS 6
#define NL 40
#define ROUNDS 8

static unsigned slot[NS], ref_slot[NS];
static unsigned input, ref_input, seen[ROUNDS], ref_seen[ROUNDS];
static unsigned vec[NL], ref_vec[NL];
static int block_runs;

/* a graph task: three children in a chain, a taskwait, then one more child */
#pragma omp task inout(*v)
void parent_task(unsigned *v, unsigned k);
void parent_task(unsigned *v, unsigned k)
{
    for (unsigned i = 0; i < 3; i++) {
#pragma omp task inout(*v) firstprivate(i)
        {
            delay(10);
            *v = step(*v, k + i);
        }
    }
#pragma omp taskwait
    *v = step(*v, 100 + k);
#pragma omp task inout(*v)
    *v = step(*v, 200 + k);
}

int main(void)
{
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp task inout(input)
        {
            delay(SLOW / 10);
            input = step(input, (unsigned)r);
        }
#pragma omp taskgraph nogroup
        {
            block_runs++;
            for (int s = 0; s < NS; s++)
                parent_task(&slot[s], (unsigned)s);
#pragma omp task in(input) inout(slot[0])
            slot[0] = step(slot[0], input);
#pragma omp taskloop grainsize(10) nogroup in(input) inout(vec)
            for (int i = 0; i < NL; i++)
                vec[i] = step(vec[i], input + (unsigned)i);
        }
#pragma omp task in(vec, slot) out(seen[r]) firstprivate(r)
        seen[r] = vec[NL - 1] ^ slot[0] ^ slot[NS - 1];

        /* the same in plain C */
        ref_input = step(ref_input, (unsigned)r);
        for (int s = 0; s < NS; s++) {
            unsigned *v = &ref_slot[s], k = (unsigned)s;
            for (unsigned i = 0; i < 3; i++)
                *v = step(*v, k + i);
            *v = step(*v, 100 + k);
            *v = step(*v, 200 + k);
        }
        ref_slot[0] = step(ref_slot[0], ref_input);
        for (int i = 0; i < NL; i++)
            ref_vec[i] = step(ref_vec[i], ref_input + (unsigned)i);
        ref_seen[r] = ref_vec[NL - 1] ^ ref_slot[0] ^ ref_slot[NS - 1];
    }
#pragma omp taskwait
    CHECK(block_runs == IF_OMPSS(1, ROUNDS), "the block ran %d times", block_runs);
    CHECK(input == ref_input, "input %u, expected %u", input, ref_input);
    for (int s = 0; s < NS; s++)
        CHECK(slot[s] == ref_slot[s], "slot[%d] = %u, expected %u", s, slot[s], ref_slot[s]);
    for (int i = 0; i < NL; i++)
        CHECK(vec[i] == ref_vec[i], "vec[%d] = %u, expected %u", i, vec[i], ref_vec[i]);
    for (int r = 0; r < ROUNDS; r++)
        CHECK(seen[r] == ref_seen[r], "round %d saw %u, expected %u", r, seen[r], ref_seen[r]);
    return result_ok();
}
