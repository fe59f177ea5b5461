/*
 * evict.c - a tiny --opencl-max-memory (run with 40K) against 16 blocks of 16 KiB: each
 * task needs two blocks (y += x), so the device holds at most two at a time and the cache
 * must evict (writing dirty blocks back) for almost every task; after several passes the
 * results are right and evictions were counted.  With the argument device-oom the same
 * happens because the device refuses allocations (at clCreateBuffer or at first use).
 */
#include "oclt.h"

static const char *source =
    "__kernel void acc(__global const int *x, __global int *y, int n, int k) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) y[i] = y[i] * 2 + x[i] + k;\n"
    "}\n";

enum { NB = 16, BS = 4096, PASSES = 3 };   /* BS ints = 16 KiB */

struct acc_args { const int *x; int *y; int n, k; };

static void acc_ocl(void *p, nanort_ctx *ctx)
{
    struct acc_args *a = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_BUFFER, sizeof(void *), a->y},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n},
                                 {NANORT_KARG_VALUE, sizeof a->k, &a->k}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {256}, 0, 4, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info acc_info = {"acc", NULL};
static struct nanort_impl acc_impls[] = {{NANORT_DEVICE_OPENCL, acc_ocl, "acc_ocl", &acc_info}};
static struct nanort_task_type acc_type = {"acc", __FILE__, 1, acc_impls, NULL};

static void acc(const int *x, int *y, int n, int k)
{
    void *p;
    nanort_task *t = nanort_task_create(&acc_type, sizeof(struct acc_args), 2, 2, &p);
    *(struct acc_args *)p = (struct acc_args){x, y, n, k};
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, x, n * sizeof *x);
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, y, n * sizeof *y);
    nanort_task_submit(t, 0, 0);
}

int main(int argc, char **argv)
{
    /* "device-oom": the cache's limit is large, the device itself refuses memory (the
     * OpenCL library is tests/devices/opencl/oom_shim.c): evictions then come from allocation
     * failures only. */
    bool device_oom = argc > 1 && !strcmp(argv[1], "device-oom");
    nanort_opencl_source("acc.cl", source, NULL);
    oclt_require(1);
    struct nrt_space *s = oclt_space(0);
    OCLT_CHECK(device_oom || s->mem_limit < 3 * BS * sizeof(int), "run with a small "
               "--opencl-max-memory (the limit is %zu bytes)", s->mem_limit);
    static int d[NB][BS], want[NB][BS];
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < BS; i++)
            d[b][i] = want[b][i] = b * 1000 + i;
    for (int p = 0; p < PASSES; p++)
        for (int b = 0; b < NB; b++) {
            int src = (b + 1 + p) % NB;     /* y = block b, x = another one */
            acc(d[src], d[b], BS, p * NB + b);
            for (int i = 0; i < BS; i++)
                want[b][i] = want[b][i] * 2 + want[src][i] + p * NB + b;
        }
    nanort_taskwait();
    oclt_print_stats();
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < BS; i++)
            OCLT_CHECK(d[b][i] == want[b][i], "d[%d][%d] = %d, expected %d", b, i, d[b][i],
                       want[b][i]);
    /* (over every OpenCL device: with two, how the blocks split between them depends on
     * their timing, and a loaded machine gave one device 5 of the 48 tasks) */
    unsigned long ev = 0;
    for (int i = 0; oclt_space(i); i++)
        ev += oclt_stat(&oclt_space(i)->stats.evictions);
    OCLT_CHECK(ev >= NB, "only %lu evictions under a limit of %zu bytes", ev, s->mem_limit);
    printf("evict: limit %zu bytes%s, %lu evictions, results right\n", s->mem_limit,
           device_oom ? " (the device refused memory before)" : "", ev);
    return 0;
}
