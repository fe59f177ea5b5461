/*
 * taskgraph_watch.c - a taskgraph inside a loop whose block reads values from outside it
 * that change between steps, in the shapes the first watch list missed:
 *   - a structure of more than 256 bytes whose member a task reads (firstprivate);
 *   - an array a task takes as firstprivate, refilled at every step;
 *   - a function task given &p[2], with p swapped between steps (&p[k] reads p);
 *   - a register variable (no address to compare: its copy is compared);
 *   - an offset the block reads, then advances (its entry value counts);
 *   - the size of a VLA, from a function called with another bound at every step;
 *   - a global bound read by a function of this file that the block calls;
 *   - a global the block declares `extern` itself, taken as firstprivate;
 *   - a global structure whose member is the block's loop bound;
 *   - a loop bound that the tasks also read, shared (default(shared));
 * and one graph whose outside values stay the same (a loop variable declared outside the
 * block that the block sets first, a firstprivate array that stays, a register variable),
 * which replays.  Each must give the sequential program's result.
 */
#include "ompss_check.h"

#define N 16
#define STEPS 6

struct big {
    unsigned pad[100];
    unsigned gain;
};

#pragma omp task inout([n]p)
void bump(unsigned *p, int n);
void bump(unsigned *p, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = step(p[i], (unsigned)n);
}

static unsigned wa[N], wb[N], wc[N], wd[N], we[N], wf[N], wg[N], wh[N], wk[N], wl[N], wm[N], wn[N];
static unsigned ra[N], rb[N], rc[N], rd[N], re[N], rf[N], rg[N], rh[N], rk[N], rl[N], rm[N], rn[N];
static int nblocks;
unsigned watch_gain;
static struct shape {
    int parts;
    unsigned pad;
} shape = {1, 0};

/* creates the tasks of the block calling it: nblocks of them */
static void spawn_blocks(void)
{
    for (int b = 0; b < nblocks; b++) {
#pragma omp task inout(wk[b])
        wk[b] = step(wk[b], (unsigned)b);
    }
}

static void swap(unsigned **a, unsigned **b)
{
    unsigned *x = *a;
    *a = *b;
    *b = x;
}

static void sized(int n)
{
    unsigned v[n];
    for (int i = 0; i < n; i++)
        v[i] = (unsigned)i;
#pragma omp taskgraph
    {
        bump(wg, (int)(sizeof v / sizeof v[0]));
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        rg[i] = step(rg[i], (unsigned)n);
}

static void steady(unsigned *p, int n)
{
    int i;
    unsigned loc[4] = {1, 2, 3, 4};
    register unsigned r = 3;
#pragma omp taskgraph
    {
        for (i = 0; i < n; i++) {
#pragma omp task inout(p[i]) firstprivate(loc)
            p[i] = step(p[i], loc[i % 4] + r);
        }
    }
#pragma omp taskwait
    for (i = 0; i < n; i++)
        rh[i] = step(rh[i], (unsigned)(i % 4 + 1) + 3u);
}

int main(void)
{
    struct big bg = {{0}, 1u};
    unsigned coefs[4];
    unsigned *p = wc, *q = wd, *rp = rc, *rq = rd;
    unsigned off = 0;
    for (int t = 0; t < STEPS; t++) {
        bg.gain = (unsigned)t * 3u + 1u;
        for (int i = 0; i < 4; i++)
            coefs[i] = (unsigned)(t + i);
        register unsigned k = (unsigned)t * 5u;
        off = (unsigned)t % 3u;
        nblocks = t % 2 ? 3 : 5;
        watch_gain = (unsigned)t + 2u;
        shape.parts = t % 3 + 2;
        int nb = t % 2 ? 2 : 4;
#pragma omp taskgraph
        {
#pragma omp task inout(wa)
            for (int i = 0; i < N; i++)
                wa[i] = step(wa[i], bg.gain);
#pragma omp task inout(wb) firstprivate(coefs)
            for (int i = 0; i < N; i++)
                wb[i] = step(wb[i], coefs[i % 4]);
            bump(&p[2], 4);
#pragma omp task inout(we)
            for (int i = 0; i < N; i++)
                we[i] = step(we[i], k);
            for (int b = 0; b < 2; b++) {
#pragma omp task inout(wf[b]) firstprivate(off)
                wf[b] = step(wf[b], off);
                off += 7u;
            }
        }
#pragma omp taskgraph
        {
            spawn_blocks();
        }
#pragma omp taskgraph
        {
            for (int b = 0; b < shape.parts; b++) {
#pragma omp task inout(wm[b])
                wm[b] = step(wm[b], (unsigned)b + 1u);
            }
        }
#pragma omp taskgraph
        {
            for (int b = 0; b < nb; b++) {
#pragma omp task default(shared) firstprivate(b) inout(wn[b])
                wn[b] = step(wn[b], (unsigned)nb);
            }
        }
#pragma omp taskgraph
        {
            extern unsigned watch_gain;
#pragma omp task inout(wl) firstprivate(watch_gain)
            for (int i = 0; i < N; i++)
                wl[i] = step(wl[i], watch_gain);
        }
        sized(t % 2 ? 4 : 8);
        steady(wh, 8);
        for (int i = 0; i < N; i++) {
            ra[i] = step(ra[i], (unsigned)t * 3u + 1u);
            rb[i] = step(rb[i], (unsigned)(t + i % 4));
            re[i] = step(re[i], (unsigned)t * 5u);
        }
        for (int i = 2; i < 6; i++)
            rp[i] = step(rp[i], 4u);
        for (int b = 0; b < 2; b++)
            rf[b] = step(rf[b], (unsigned)t % 3u + 7u * (unsigned)b);
        for (int b = 0; b < nblocks; b++)
            rk[b] = step(rk[b], (unsigned)b);
        for (int i = 0; i < N; i++)
            rl[i] = step(rl[i], (unsigned)t + 2u);
        for (int b = 0; b < t % 3 + 2; b++)
            rm[b] = step(rm[b], (unsigned)b + 1u);
        for (int b = 0; b < nb; b++)
            rn[b] = step(rn[b], (unsigned)nb);
        swap(&p, &q);
        swap(&rp, &rq);
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        CHECK(wa[i] == ra[i], "large structure: wa[%d] = %u, expected %u", i, wa[i], ra[i]);
        CHECK(wb[i] == rb[i], "firstprivate array: wb[%d] = %u, expected %u", i, wb[i], rb[i]);
        CHECK(wc[i] == rc[i] && wd[i] == rd[i], "&p[2], p swapped: wc[%d] = %u, wd = %u, "
              "expected %u, %u", i, wc[i], wd[i], rc[i], rd[i]);
        CHECK(we[i] == re[i], "register variable: we[%d] = %u, expected %u", i, we[i], re[i]);
        CHECK(wf[i] == rf[i], "offset read, then advanced: wf[%d] = %u, expected %u", i, wf[i],
              rf[i]);
        CHECK(wg[i] == rg[i], "VLA size: wg[%d] = %u, expected %u", i, wg[i], rg[i]);
        CHECK(wk[i] == rk[i], "global bound of a called function: wk[%d] = %u, expected %u",
              i, wk[i], rk[i]);
        CHECK(wl[i] == rl[i], "extern in the block: wl[%d] = %u, expected %u", i, wl[i],
              rl[i]);
        CHECK(wm[i] == rm[i], "global structure: wm[%d] = %u, expected %u", i, wm[i], rm[i]);
        CHECK(wn[i] == rn[i], "a bound the tasks share: wn[%d] = %u, expected %u", i, wn[i],
              rn[i]);
        CHECK(wh[i] == rh[i], "steady graph: wh[%d] = %u, expected %u", i, wh[i], rh[i]);
    }
    return result_ok();
}
