/*
 * early_chain.c - early device submission (--device-early): chains of kernel tasks on
 * two buffers of one OpenCL device (PoCL: one in-order kernel queue), with a host task
 * in the middle of one.  A slow first kernel keeps the chain's first task running while
 * the creator submits the others, so they are queued on the device before their
 * predecessors finish; the task after the host task must wait for it (it reads what the
 * host wrote).  The result equals the sequential one; with early submission on, --summary's
 * count of early tasks is > 0, with --no-device-early (and under nocache, which keeps no
 * data on the device) it is 0.
 */
#include "oclt.h"

static const char *source =
    "__kernel void early_step(__global int *x, __global const int *y, int n, int k, int spin) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i >= n) return;\n"
    "    int v = x[i];\n"
    "    for (int s = 0; s < spin; s++) v = (v * 7 + s) % 1000003;\n"
    "    if (spin) v = x[i] + (v & 0);\n"
    "    x[i] = v * 3 + k + y[i] % 5;\n"
    "}\n";

enum { N = 4096, K = 12 };

struct step_args { int *x; const int *y; int n, k, spin; };

static void step_ocl(void *p, nanort_ctx *ctx)
{
    struct step_args *a = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_BUFFER, sizeof(void *), (void *)a->y},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n},
                                 {NANORT_KARG_VALUE, sizeof a->k, &a->k},
                                 {NANORT_KARG_VALUE, sizeof a->spin, &a->spin}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {128}, 0, 5, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info step_info = {"early_step", NULL};
static struct nanort_impl step_impls[] = {{NANORT_DEVICE_OPENCL, step_ocl, "step_ocl", &step_info}};
static struct nanort_task_type step_type = {"step", __FILE__, 1, step_impls, NULL};

/* x = x * 3 + k + y % 5 on the device; x inout, y in. */
static void step(int *x, const int *y, int k, int spin)
{
    void *p;
    nanort_task *t = nanort_task_create(&step_type, sizeof(struct step_args), 2, 2, &p);
    *(struct step_args *)p = (struct step_args){x, y, N, k, spin};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, N * sizeof *x);
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, (void *)y, N * sizeof *y);
    nanort_task_submit(t, 0, 0);
}

struct host_args { int *x; };

static void host_smp(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    struct host_args *a = p;
    for (int i = 0; i < N; i++)
        a->x[i] = a->x[i] % 1000 + 1;
}

static struct nanort_impl host_impls[] = {{NANORT_DEVICE_SMP, host_smp, "host_smp", NULL}};
static struct nanort_task_type host_type = {"host", __FILE__, 1, host_impls, NULL};

/* x = x % 1000 + 1 on the host. */
static void host_step(int *x)
{
    void *p;
    nanort_task *t = nanort_task_create(&host_type, sizeof(struct host_args), 1, 1, &p);
    *(struct host_args *)p = (struct host_args){x};
    nanort_task_region1(t, NANORT_DEP_INOUT, x, N * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    nanort_opencl_source("early.cl", source, NULL);
    oclt_require(1);
    struct nrt_space *s = oclt_space(0);
    static int x[N], y[N], wx[N], wy[N];
    for (int i = 0; i < N; i++) {
        x[i] = wx[i] = i % 7;
        y[i] = wy[i] = i % 11;
    }
    /* x's chain, y's chain reading x, a host step on x, x's chain again */
    for (int k = 0; k < K; k++) {
        step(x, y, k, k == 0 ? 20000 : 0);
        step(y, x, k, 0);
        for (int i = 0; i < N; i++) {
            wx[i] = wx[i] * 3 + k + wy[i] % 5;
            wy[i] = wy[i] * 3 + k + wx[i] % 5;
        }
        if (k == K / 2) {
            host_step(x);
            for (int i = 0; i < N; i++)
                wx[i] = wx[i] % 1000 + 1;
        }
    }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++) {
        OCLT_CHECK(x[i] == wx[i], "x[%d] = %d, expected %d", i, x[i], wx[i]);
        OCLT_CHECK(y[i] == wy[i], "y[%d] = %d, expected %d", i, y[i], wy[i]);
    }
    unsigned long early = oclt_stat(&s->stats.early);
    OCLT_CHECK(oclt_stat(&s->stats.tasks) == 2 * K, "%lu tasks ran on the device",
               oclt_stat(&s->stats.tasks));
    if (nrt_dev_early && nrt_cfg.cache_policy != NRT_CACHE_NOCACHE)
        OCLT_CHECK(early > 0, "no task was queued early");
    else
        OCLT_CHECK(early == 0, "%lu tasks queued early under --no-device-early", early);
    printf("early_chain (%s): %d tasks, %lu queued early\n",
           nrt_dev_early ? "early" : "no-device-early", 2 * K, early);
    return 0;
}
