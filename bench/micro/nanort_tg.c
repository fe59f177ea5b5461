/*
 * nanort_tg.c - the microbenchmark graphs as nanort taskgraphs (include/nanort.h,
 * nanort_taskgraph_begin/end): the same tasks and dependences as nanort.c, created once
 * per graph of TG_UNITS units (stencil steps, fan rounds, tasks for indep and chain),
 * recorded at the first encounter and replayed for every later block of units.  The
 * per-task cost this binary prints against nanort.c's is the cost of a replay against
 * that of ordinary creation (bench/micro/taskgraph.sh runs them side by side).
 *
 * A replay runs the recorded argument blocks, so a task finds the number of its unit as
 * `*base + offset`: `base` is a counter the creating thread advances between replays
 * (after each one finished: the taskgraph's implicit taskgroup), `offset` is recorded.
 * Units left over (count not a multiple of the graph) are created as ordinary tasks.
 */
#include "micro.h"

#include <nanort.h>
#include <stdlib.h>

const char *const peer_name = "nanort-taskgraph";

/* The block of units a replay covers starts here (written between replays). */
static long base;

struct tg_args {
    const long *base;
    long offset;                    /* unit within the graph */
    int cell;
};

static long unit(const struct tg_args *a)
{
    return *a->base + a->offset;
}

static void run_indep(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_indep(unit(a));
}

static void run_chain(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_chain(unit(a));
}

static void run_stencil(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_stencil(unit(a), ((struct tg_args *)a)->cell);
}

static void run_produce(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_fan_produce(unit(a));
}

static void run_read(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    micro_body_fan_read(((struct tg_args *)a)->cell);
}

static void run_write(void *a, nanort_ctx *ctx)
{
    (void)a;
    (void)ctx;
    micro_body_fan_write();
}

#define MICRO_TYPE(var, fn)                                                          \
    static const struct nanort_impl var##_impl = {NANORT_DEVICE_SMP, fn, #fn, NULL}; \
    static struct nanort_task_type var = {#var, __FILE__, 1, &var##_impl, NULL}
MICRO_TYPE(t_indep, run_indep);
MICRO_TYPE(t_chain, run_chain);
MICRO_TYPE(t_stencil, run_stencil);
MICRO_TYPE(t_produce, run_produce);
MICRO_TYPE(t_read, run_read);
MICRO_TYPE(t_write, run_write);

static nanort_task *create(struct nanort_task_type *type, unsigned nregions, long offset,
                           int cell)
{
    void *args;
    nanort_task *t = nanort_task_create(type, sizeof(struct tg_args), nregions, nregions, &args);
    *(struct tg_args *)args = (struct tg_args){&base, offset, cell};
    return t;
}

void peer_init(void)
{
    nanort_init();
}

void peer_fini(void) {}

int peer_workers(void) { return nanort_num_workers(); }

/* Units of one graph (TG_UNITS, or the default of each pattern: about 512 tasks). */
static long graph_units(long dflt)
{
    const char *s = getenv("TG_UNITS");
    long u = s ? atol(s) : 0;
    return u > 0 ? u : dflt;
}

/* Units [0, n) of a pattern relative to `base`. */
typedef void units_fn(long n);

static void indep_units(long n)
{
    for (long i = 0; i < n; i++)
        nanort_task_submit(create(&t_indep, 0, i, 0), 0, 0);
}

static void chain_units(long n)
{
    for (long k = 0; k < n; k++) {
        nanort_task *t = create(&t_chain, 1, k, 0);
        nanort_task_region1(t, NANORT_DEP_INOUT, &micro_x, sizeof micro_x);
        nanort_task_submit(t, 0, 0);
    }
}

/* Steps base+1 .. base+n; the graph holds an even number of steps, so a replay starts on
 * the same half of the double buffer as the record did. */
static void stencil_units(long n)
{
    for (long o = 1; o <= n; o++) {
        long s = base + o;
        uint64_t *prev = micro_grid[(s - 1) % 2], *cur = micro_grid[s % 2];
        for (int i = 0; i < MICRO_WIDTH; i++) {
            nanort_task *t = create(&t_stencil, 4, o, i);
            nanort_task_region1(t, NANORT_DEP_IN, &prev[micro_left(i)], sizeof *prev);
            nanort_task_region1(t, NANORT_DEP_IN, &prev[i], sizeof *prev);
            nanort_task_region1(t, NANORT_DEP_IN, &prev[micro_right(i)], sizeof *prev);
            nanort_task_region1(t, NANORT_DEP_OUT, &cur[i], sizeof *cur);
            nanort_task_submit(t, 0, 0);
        }
    }
}

static void fan_units(long n)
{
    for (long r = 0; r < n; r++) {
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

/* count units: graphs of g units replayed while whole ones fit, the rest as plain tasks.
 * `first` is the number of the first unit (stencil steps start at 1). */
static void in_graphs(struct nanort_taskgraph *tg, units_fn *fn, long count, long g, long first)
{
    base = first;
    long done = 0;
    while (done + g <= count) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(tg, &x, g, 0))
            fn(g);
        nanort_taskgraph_end(&x);
        base += g;
        done += g;
    }
    if (done < count)
        fn(count - done);
}

static void indep(long n)
{
    static struct nanort_taskgraph tg = {"micro indep", NULL};
    in_graphs(&tg, indep_units, n, graph_units(512), 0);
}

static void chain(long n)
{
    static struct nanort_taskgraph tg = {"micro chain", NULL};
    in_graphs(&tg, chain_units, n, graph_units(512), 0);
}

static void stencil(long steps)
{
    static struct nanort_taskgraph tg = {"micro stencil", NULL};
    long g = graph_units(64);
    in_graphs(&tg, stencil_units, steps, g + (g & 1), 0);
}

static void fan(long rounds)
{
    static struct nanort_taskgraph tg = {"micro fan", NULL};
    in_graphs(&tg, fan_units, rounds, graph_units(8), 0);
}

micro_graph_fn *const peer_graphs[MICRO_PATTERN_COUNT] = {indep, chain, stencil, fan};

void peer_run(micro_graph_fn *build, long count)
{
    micro_start();
    build(count);
    nanort_taskwait();
    micro_stop();
}
