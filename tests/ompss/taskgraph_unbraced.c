/* taskgraph whose statement is itself a construct, without braces: a task, a taskloop
 * nogroup, a `for` nowait and a function task call, each recorded once and replayed at
 * every step of the loop around it (the sequential program runs each update every step).
 * A task with firstprivate(saved: t) (OpenMP 6.0) gets the value of the recording at every
 * replay; the sequential program sees each step's. */
#include "ompss_check.h"

#define N 16
#define STEPS 12

static unsigned v[N], w[N], x[N], y[N];
static unsigned ref_v[N], ref_w[N], ref_x[N], ref_y[N];
static unsigned z, ref_z_saved, ref_z_seq;

#pragma omp task inout([N]p)
void bump_all(unsigned *p, unsigned k);
void bump_all(unsigned *p, unsigned k)
{
    for (int i = 0; i < N; i++)
        p[i] = step(p[i], k + (unsigned)i);
}

int main(void)
{
    for (int t = 0; t < STEPS; t++) {
#pragma omp taskgraph
#pragma omp task inout(v)
        for (int i = 0; i < N; i++)
            v[i] = step(v[i], (unsigned)i + 1u);

#pragma omp taskgraph
#pragma omp taskloop grainsize(4) nogroup inout(w)
        for (int i = 0; i < N; i++)
            w[i] = step(w[i], 3u * (unsigned)i + 2u);

#pragma omp parallel
#pragma omp taskgraph
#pragma omp for nowait
        for (int i = 0; i < N; i++)
            x[i] = step(x[i], 5u + (unsigned)i);

#pragma omp taskgraph
        bump_all(y, 7);

#pragma omp taskgraph
#pragma omp task firstprivate(saved: t) inout(z)
        z = step(z, (unsigned)t + 1u);
    }
#pragma omp taskwait
    for (int t = 0; t < STEPS; t++)
        for (int i = 0; i < N; i++) {
            ref_v[i] = step(ref_v[i], (unsigned)i + 1u);
            ref_w[i] = step(ref_w[i], 3u * (unsigned)i + 2u);
            ref_x[i] = step(ref_x[i], 5u + (unsigned)i);
            ref_y[i] = step(ref_y[i], 7u + (unsigned)i);
        }
    for (int t = 0; t < STEPS; t++) {
        ref_z_saved = step(ref_z_saved, 1u);
        ref_z_seq = step(ref_z_seq, (unsigned)t + 1u);
    }
    for (int i = 0; i < N; i++) {
        CHECK(v[i] == ref_v[i], "task: v[%d] = %u, expected %u", i, v[i], ref_v[i]);
        CHECK(w[i] == ref_w[i], "taskloop: w[%d] = %u, expected %u", i, w[i], ref_w[i]);
        CHECK(x[i] == ref_x[i], "for: x[%d] = %u, expected %u", i, x[i], ref_x[i]);
        CHECK(y[i] == ref_y[i], "function task: y[%d] = %u, expected %u", i, y[i], ref_y[i]);
    }
    CHECK(z == IF_OMPSS(ref_z_saved, ref_z_seq), "saved: z = %u, expected %u", z,
          IF_OMPSS(ref_z_saved, ref_z_seq));
    return result_ok();
}
