/*
 * nanort_tg.c - the METG stencil as a nanort taskgraph (include/nanort.h): the tasks of
 * METG_TG_STEPS steps (32; an even number, so that a replay starts on the same half of the
 * double buffer) are recorded once and replayed for every later block of steps, with the
 * dependences counted at the recording; steps left over are created as ordinary tasks.
 * The same tasks, regions and bodies as nanort.c.  Workers: NX_ARGS (run.sh).
 *
 * A replay runs the recorded argument blocks, so a task finds its step as `base + offset`:
 * `base` is advanced by the creating thread between replays (each one has finished then:
 * the taskgraph's implicit taskgroup), `offset` was recorded.
 */
#include "metg.h"

#include <nanort.h>
#include <stdlib.h>

const char *const peer_name = "nanort-taskgraph";

static long base;                   /* the step before the block a replay covers */

struct metg_args {
    long offset;                    /* step within the block, 1.. */
    int cell;
};

static void run_cell(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    struct metg_args *m = a;
    metg_body(base + m->offset, m->cell);
}

static const struct nanort_impl cell_impl = {NANORT_DEVICE_SMP, run_cell, "run_cell", NULL};
static struct nanort_task_type t_cell = {"metg_cell", __FILE__, 1, &cell_impl, NULL};

void peer_init(void) { nanort_init(); }
void peer_fini(void) {}

/* Task (base + o, i), as nanort.c's: in on each distinct neighbour, out on its cell. */
static void submit_cell(long o, int i)
{
    long s = base + o;
    const uint64_t *prev = metg_grid[(s - 1) % 2];
    unsigned nin = (unsigned)metg_nreads(i);
    void *args;
    nanort_task *t = nanort_task_create(&t_cell, sizeof(struct metg_args), nin + 1, nin + 1, &args);
    ((struct metg_args *)args)->offset = o;
    ((struct metg_args *)args)->cell = i;
    for (unsigned k = 0; k < nin; k++)
        nanort_task_region1(t, NANORT_DEP_IN, &prev[metg_read_cell(i, (int)k)], sizeof *prev);
    nanort_task_region1(t, NANORT_DEP_OUT, &metg_grid[s % 2][i], sizeof(uint64_t));
    nanort_task_submit(t, 0, 0);
}

static void steps_of(long n)
{
    for (long o = 1; o <= n; o++)
        for (int i = 0; i < metg_width; i++)
            submit_cell(o, i);
}

void peer_run(long steps)
{
    static struct nanort_taskgraph tg = {"metg stencil", NULL};
    const char *e = getenv("METG_TG_STEPS");
    long k = e && atol(e) > 0 ? atol(e) : 32;
    if (k > steps)
        k = steps;
    k -= k & 1;
    metg_start();
    base = 0;
    while (k > 0 && base + k <= steps) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, k * METG_MAX_WIDTH + metg_width, 0))
            steps_of(k);
        nanort_taskgraph_end(&x);
        base += k;
    }
    steps_of(steps - base);
    nanort_taskwait();
    metg_stop();
}
