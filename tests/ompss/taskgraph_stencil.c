/* taskgraph: a 1-D heat stencil (double buffer, blocks as function tasks and inline tasks)
 * recorded once inside its time loop and replayed at every later step: the result equals
 * the plain C loop's, and the block of the taskgraph ran once (built by mcc) or at every
 * step (plain gcc, the pragmas ignored). A second taskgraph with graph_id(parity) keeps two
 * records of one construct. */
#include "ompss_check.h"

#define N 96
#define BS 12
#define STEPS 60

typedef double cell_t;

static cell_t cur[N], nxt[N], ref_cur[N], ref_nxt[N];
static int block_runs, id_runs[2];

static void relax(const cell_t *src, cell_t *dst, int i)
{
    cell_t s = src[i];
    if (i > 0)
        s += src[i - 1];
    if (i < N - 1)
        s += src[i + 1];
    dst[i] = s / 3 + (cell_t)0.001 * i;
}

/* one block of the new array from the old one, borders included */
#pragma omp task in(src[lo;len]) out(dst[b;BS]) label(stencil_block)
void stencil_block(const cell_t src[N], cell_t dst[N], int b, int lo, int len)
{
    (void)lo;
    (void)len;
    delay(20);
    for (int i = b; i < b + BS; i++)
        relax(src, dst, i);
}

static void reference_step(void)
{
    for (int i = 0; i < N; i++)
        relax(ref_cur, ref_nxt, i);
    for (int i = 0; i < N; i++)
        relax(ref_nxt, ref_cur, i);
}

int main(void)
{
    for (int i = 0; i < N; i++)
        cur[i] = ref_cur[i] = (cell_t)(i % 9);
    for (int t = 0; t < STEPS; t++) {
#pragma omp taskgraph
        {
            block_runs++;
            for (int b = 0; b < N; b += BS) {
                int lo = b > 0 ? b - 1 : 0, hi = b + BS < N ? b + BS : N - 1;
                stencil_block(cur, nxt, b, lo, hi - lo + 1);
            }
            for (int b = 0; b < N; b += BS) {
                int lo = b > 0 ? b - 1 : 0, hi = b + BS < N ? b + BS : N - 1;
#pragma omp task in(nxt[lo:hi]) out(cur[b;BS]) firstprivate(b)
                for (int i = b; i < b + BS; i++)
                    relax(nxt, cur, i);
            }
        }
        reference_step();
        for (int i = 0; i < N; i++)
            CHECK(cur[i] == ref_cur[i], "step %d, cell %d: %g, expected %g", t, i, cur[i], ref_cur[i]);
    }
    CHECK(block_runs == IF_OMPSS(1, STEPS), "the block ran %d times", block_runs);

    /* graph_id: one record per parity; each updates its own half */
    static unsigned half[2][8], ref_half[2][8];
    for (int t = 0; t < 20; t++) {
        int p = t % 2;
#pragma omp taskgraph graph_id(p) nogroup
        {
            id_runs[p]++;
            for (int k = 0; k < 8; k++) {
#pragma omp task inout(half[p][k]) firstprivate(k, p)
                half[p][k] = step(half[p][k], (unsigned)(k + 10 * p));
            }
        }
        for (int k = 0; k < 8; k++)
            ref_half[p][k] = step(ref_half[p][k], (unsigned)(k + 10 * p));
    }
#pragma omp taskwait
    for (int p = 0; p < 2; p++) {
        CHECK(id_runs[p] == IF_OMPSS(1, 10), "graph %d: the block ran %d times", p, id_runs[p]);
        for (int k = 0; k < 8; k++)
            CHECK(half[p][k] == ref_half[p][k], "half[%d][%d] = %u, expected %u", p, k,
                  half[p][k], ref_half[p][k]);
    }
    return result_ok();
}
