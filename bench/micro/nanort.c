/*
 * nanort.c - the microbenchmark graphs written against nanort's public C API
 * (include/nanort.h).  Workers: NX_ARGS (the driver passes --smp-workers=2).
 */
#include "micro.h"

#include <nanort.h>

const char *const peer_name = "nanort";

/* Argument block of every benchmark task. */
struct micro_args {
    long index; /* task, step or round number */
    int cell;   /* stencil cell or fan reader */
};

static void run_indep(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_indep(((struct micro_args *)a)->index);
}

static void run_chain(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_chain(((struct micro_args *)a)->index);
}

static void run_stencil(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    struct micro_args *m = a;
    micro_body_stencil(m->index, m->cell);
}

static void run_produce(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_fan_produce(((struct micro_args *)a)->index);
}

static void run_read(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_fan_read(((struct micro_args *)a)->cell);
}

static void run_write(void *a, nanort_ctx *ctx)
{
    (void)a;
    (void)ctx;
    micro_body_fan_write();
}

/* One static task type per body, as mcc emits them. */
#define MICRO_TYPE(var, fn)                                                          \
    static const struct nanort_impl var##_impl = {NANORT_DEVICE_SMP, fn, #fn, NULL}; \
    static struct nanort_task_type var = {#var, __FILE__, 1, &var##_impl, NULL}
MICRO_TYPE(t_indep, run_indep);
MICRO_TYPE(t_chain, run_chain);
MICRO_TYPE(t_stencil, run_stencil);
MICRO_TYPE(t_produce, run_produce);
MICRO_TYPE(t_read, run_read);
MICRO_TYPE(t_write, run_write);

/* Create a task of `type` with room for `nregions` 1-D regions and fill its arguments. */
static nanort_task *create(struct nanort_task_type *type, unsigned nregions, long index, int cell)
{
    void *args;
    nanort_task *t = nanort_task_create(type, sizeof(struct micro_args), nregions, nregions, &args);
    ((struct micro_args *)args)->index = index;
    ((struct micro_args *)args)->cell = cell;
    return t;
}

void peer_init(void)
{
    nanort_init();
}

void peer_fini(void) {}

int peer_workers(void) { return nanort_num_workers(); }

static void indep(long n)
{
    for (long i = 0; i < n; i++)
        nanort_task_submit(create(&t_indep, 0, i, 0), 0, 0);
}

static void chain(long n)
{
    for (long k = 0; k < n; k++) {
        nanort_task *t = create(&t_chain, 1, k, 0);
        nanort_task_region1(t, NANORT_DEP_INOUT, &micro_x, sizeof micro_x);
        nanort_task_submit(t, 0, 0);
    }
}

static void stencil(long steps)
{
    for (long s = 1; s <= steps; s++) {
        uint64_t *prev = micro_grid[(s - 1) % 2], *cur = micro_grid[s % 2];
        for (int i = 0; i < MICRO_WIDTH; i++) {
            nanort_task *t = create(&t_stencil, 4, s, i);
            nanort_task_region1(t, NANORT_DEP_IN, &prev[micro_left(i)], sizeof *prev);
            nanort_task_region1(t, NANORT_DEP_IN, &prev[i], sizeof *prev);
            nanort_task_region1(t, NANORT_DEP_IN, &prev[micro_right(i)], sizeof *prev);
            nanort_task_region1(t, NANORT_DEP_OUT, &cur[i], sizeof *cur);
            nanort_task_submit(t, 0, 0);
        }
    }
}

static void fan(long rounds)
{
    for (long r = 0; r < rounds; r++) {
        nanort_task *t = create(&t_produce, 1, r, 0);
        nanort_task_region1(t, NANORT_DEP_OUT, &micro_x, sizeof micro_x);
        nanort_task_submit(t, 0, 0);
        for (int k = 0; k < MICRO_FAN_READERS; k++) {
            t = create(&t_read, 1, r, k);
            nanort_task_region1(t, NANORT_DEP_IN, &micro_x, sizeof micro_x);
            nanort_task_submit(t, 0, 0);
        }
        t = create(&t_write, 1, r, 0);
        nanort_task_region1(t, NANORT_DEP_INOUT, &micro_x, sizeof micro_x);
        nanort_task_submit(t, 0, 0);
    }
}

micro_graph_fn *const peer_graphs[MICRO_PATTERN_COUNT] = {indep, chain, stencil, fan};

void peer_run(micro_graph_fn *build, long count)
{
    micro_start();
    build(count);
    nanort_taskwait();
    micro_stop();
}
