/*
 * taskgraph_trace.c - a recorded task graph for the instrumentation tests (taskgraph.sh):
 * two steps of a 4-cell stencil (8 tasks 'cell', 10 true dependences among them) recorded
 * once and run RUNS times.  --graph must draw the 8 tasks and 10 edges once (plus the
 * graph's gate), --trace must hold 8 x RUNS spans of 'cell', 8 of them marked recorded and
 * the others replayed, and --summary must end with the graph's table.
 */
#include <nanort.h>
#include <stdio.h>
#include <stdlib.h>

#define W 4
#define RUNS 5

static double a[W], b[W];

struct cell_args {
    const double *src;
    double *dst;
    int i;
};

static void cell_fn(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    struct cell_args *c = p;
    int lo = c->i > 0 ? c->i - 1 : 0, hi = c->i < W - 1 ? c->i + 1 : W - 1;
    double s = 0;
    for (int k = lo; k <= hi; k++)
        s += c->src[k];
    c->dst[c->i] = s / (hi - lo + 1) + 1;
}

static const struct nanort_impl cell_impl = {NANORT_DEVICE_SMP, cell_fn, "cell_fn", NULL};
static struct nanort_task_type cell_type = {"cell", __FILE__, 1, &cell_impl, NULL};

static void cell(const double *src, double *dst, int i)
{
    void *p;
    nanort_task *t = nanort_task_create(&cell_type, sizeof(struct cell_args), 2, 2, &p);
    *(struct cell_args *)p = (struct cell_args){src, dst, i};
    int lo = i > 0 ? i - 1 : 0, hi = i < W - 1 ? i + 1 : W - 1;
    nanort_task_region1(t, NANORT_DEP_IN, &src[lo], (size_t)(hi - lo + 1) * sizeof *src);
    nanort_task_region1(t, NANORT_DEP_OUT, &dst[i], sizeof *dst);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    static struct nanort_taskgraph tg = {"taskgraph_trace.c:48", NULL};
    for (int r = 0; r < RUNS; r++) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0)) {
            for (int i = 0; i < W; i++)
                cell(a, b, i);
            for (int i = 0; i < W; i++)
                cell(b, a, i);
        }
        nanort_taskgraph_end(&x);
    }
    nanort_taskwait();
    printf("a[0] = %g\n", a[0]);
    return a[0] > 0 ? 0 : 1;
}
