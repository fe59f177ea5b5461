/*
 * nanort.c - the METG stencil through nanort's public C API (include/nanort.h).
 * Workers: NX_ARGS (run.sh passes --smp-workers=CORES).
 */
#include "metg.h"

#include <nanort.h>

const char *const peer_name = "nanort";

struct metg_args {
    long step;
    int cell;
};

static void run_cell(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    struct metg_args *m = a;
    metg_body(m->step, m->cell);
}

/* One static task type, as mcc emits them. */
static const struct nanort_impl cell_impl = {NANORT_DEVICE_SMP, run_cell, "run_cell", NULL};
static struct nanort_task_type t_cell = {"metg_cell", __FILE__, 1, &cell_impl, NULL};

void peer_init(void) { nanort_init(); }
void peer_fini(void) {}

/* Task (s, i): in on each distinct neighbour of step s-1, out on its own cell of step s. */
static void submit_cell(long s, int i)
{
    const uint64_t *prev = metg_grid[(s - 1) % 2];
    unsigned nin = (unsigned)metg_nreads(i);
    void *args;
    nanort_task *t = nanort_task_create(&t_cell, sizeof(struct metg_args), nin + 1, nin + 1, &args);
    ((struct metg_args *)args)->step = s;
    ((struct metg_args *)args)->cell = i;
    for (unsigned k = 0; k < nin; k++)
        nanort_task_region1(t, NANORT_DEP_IN, &prev[metg_read_cell(i, (int)k)], sizeof *prev);
    nanort_task_region1(t, NANORT_DEP_OUT, &metg_grid[s % 2][i], sizeof(uint64_t));
    nanort_task_submit(t, 0, 0);
}

void peer_run(long steps)
{
    metg_start();
    for (long s = 1; s <= steps; s++)
        for (int i = 0; i < metg_width; i++)
            submit_cell(s, i);
    nanort_taskwait();
    metg_stop();
}
