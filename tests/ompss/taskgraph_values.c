/*
 * taskgraph_values.c - a taskgraph inside a time loop whose block reads values from
 * outside it that change between steps, in the shapes iterative codes have:
 *   - a task takes the time step t (implicitly firstprivate) into its update;
 *   - two buffers swapped between steps (src/dst pointers, no graph_reset);
 *   - the number of blocks changes every third step (the block's loop bound);
 *   - a function task called with a coefficient that changes every other step;
 *   - a structure of parameters (a member read by the tasks) that changes once;
 *   - an offset the block reads and advances itself, carried from step to step;
 *   - a serial number the block hands to a function task as `serial++`;
 * and one graph whose outside values stay the same (a pointer, a count, a scale), which
 * must replay (tests/instr/run.sh's taskgraph-values case counts its records).  Each must
 * give the sequential program's result: a replay with the recorded values would not.
 */
#include "ompss_check.h"

#define N 64
#define BS 8
#define STEPS 12

struct params {
    unsigned gain;
    int lanes;
};

#pragma omp task inout([n]p)
void scale_all(unsigned *p, int n, unsigned k);
void scale_all(unsigned *p, int n, unsigned k)
{
    for (int i = 0; i < n; i++)
        p[i] = step(p[i], k);
}

static unsigned ta[N], tb[N], tc[N], td[N], te[N], tf[N], tg[N], th[4], ti[16];
static unsigned ra[N], rb[N], rc[N], rd[N], re[N], rf[N], rg[N], rh[4], ri[16];

/* One step of everything, as the sequential program does it (the reference). */
static void reference(int t, unsigned *src, unsigned *dst, int nb, unsigned coef,
                      struct params pr, const unsigned *steady, unsigned mult)
{
    for (int i = 0; i < N; i++)
        ra[i] = step(ra[i], (unsigned)t + 1u);
    for (int i = 0; i < N; i++)
        dst[i] = step(src[i], 3u);
    for (int b = 0; b < nb; b++)
        for (int i = b * BS; i < (b + 1) * BS; i++)
            rc[i] = step(rc[i], (unsigned)b);
    for (int i = 0; i < N; i++)
        rd[i] = step(rd[i], coef);
    for (int l = 0; l < pr.lanes; l++)
        re[l] = step(re[l], pr.gain);
    for (int i = 0; i < N; i++)
        rg[i] = step(rg[i], steady[i % 4] * mult);
}

int main(void)
{
    unsigned *src = tb, *dst = tf;
    unsigned *rsrc = rb, *rdst = rf;
    for (int i = 0; i < N; i++)
        tb[i] = rb[i] = (unsigned)i * 7u + 1u;
    struct params pr = {5u, 16};
    static unsigned steady_in[4] = {1, 2, 3, 4};
    const unsigned *steady = steady_in;
    int count = N;
    unsigned mult = 9u;
    unsigned carried = 0, rcarried = 0, serial = 0, rserial = 0;
    for (int t = 0; t < STEPS; t++) {
        int nb = t % 3 == 2 ? N / BS / 2 : N / BS;
        unsigned coef = t % 2 ? 11u : 17u;
        if (t == 7)
            pr.gain = 23u;
#pragma omp taskgraph
        {
#pragma omp task inout(ta)
            for (int i = 0; i < N; i++)
                ta[i] = step(ta[i], (unsigned)t + 1u);
#pragma omp task in(src[0;N]) out(dst[0;N])
            for (int i = 0; i < N; i++)
                dst[i] = step(src[i], 3u);
            for (int b = 0; b < nb; b++) {
#pragma omp task inout(tc[b * BS;BS])
                for (int i = b * BS; i < (b + 1) * BS; i++)
                    tc[i] = step(tc[i], (unsigned)b);
            }
            scale_all(td, N, coef);
#pragma omp task inout(te)
            for (int l = 0; l < pr.lanes; l++)
                te[l] = step(te[l], pr.gain);
        }
#pragma omp taskgraph
        {
            for (int b = 0; b < 4; b++) {
#pragma omp task inout(th[b]) firstprivate(carried)
                th[b] = step(th[b], carried);
                carried += 7u;
            }
        }
        for (int b = 0; b < 4; b++) {
            rh[b] = step(rh[b], rcarried);
            rcarried += 7u;
        }
#pragma omp taskgraph
        {
            for (int b = 0; b < 4; b++)
                scale_all(ti + b * 4, 4, serial++);
        }
        for (int b = 0; b < 4; b++) {
            for (int i = 0; i < 4; i++)
                ri[b * 4 + i] = step(ri[b * 4 + i], rserial);
            rserial++;
        }
        /* The graph whose outside values never change: one record, replayed. */
#pragma omp taskgraph
        {
            for (int q = 0; q < count; q += N / 4) {
#pragma omp task firstprivate(q) inout(tg[q;N / 4]) in(steady[0;4])
                for (int i = q; i < q + N / 4; i++)
                    tg[i] = step(tg[i], steady[i % 4] * mult);
            }
        }
        reference(t, rsrc, rdst, nb, coef, pr, steady, mult);
        unsigned *x = src;
        src = dst;
        dst = x;
        x = rsrc;
        rsrc = rdst;
        rdst = x;
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(ta[i] == ra[i], "time step: ta[%d] = %u, expected %u", i, ta[i], ra[i]);
        CHECK(tb[i] == rb[i] && tf[i] == rf[i], "swapped buffers: tb[%d] = %u, tf = %u, "
              "expected %u, %u", i, tb[i], tf[i], rb[i], rf[i]);
        CHECK(tc[i] == rc[i], "changing bound: tc[%d] = %u, expected %u", i, tc[i], rc[i]);
        CHECK(td[i] == rd[i], "function task argument: td[%d] = %u, expected %u", i, td[i],
              rd[i]);
        CHECK(tg[i] == rg[i], "steady graph: tg[%d] = %u, expected %u", i, tg[i], rg[i]);
    }
    for (int b = 0; b < 4; b++)
        CHECK(th[b] == rh[b], "carried offset: th[%d] = %u, expected %u", b, th[b], rh[b]);
    for (int i = 0; i < 16; i++)
        CHECK(ti[i] == ri[i], "serial++ as an argument: ti[%d] = %u, expected %u", i, ti[i],
              ri[i]);
    for (int l = 0; l < 16; l++)
        CHECK(te[l] == re[l], "structure member: te[%d] = %u, expected %u", l, te[l], re[l]);
    return result_ok();
}
