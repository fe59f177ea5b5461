/*
 * cache_chain.c - a chain of K kernel tasks (inout) on one buffer, on one OpenCL device:
 * under --cache-policy=writeback the buffer moves in once and out once (at the taskwait),
 * under writethrough in once and out K times (after every task); the result is right
 * under both, and under nocache.  Reads the space's statistics.
 */
#include "oclt.h"

static const char *source =
    "__kernel void chain_step(__global int *x, int n, int k) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] = x[i] * 3 + k + i;\n"
    "}\n";

enum { N = 4096, K = 6 };

struct step_args { int *x; int n, k; };

static void step_ocl(void *p, nanort_ctx *ctx)
{
    struct step_args *a = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n},
                                 {NANORT_KARG_VALUE, sizeof a->k, &a->k}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {128}, 0, 3, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info step_info = {"chain_step", NULL};
static struct nanort_impl step_impls[] = {{NANORT_DEVICE_OPENCL, step_ocl, "step_ocl", &step_info}};
static struct nanort_task_type step_type = {"step", __FILE__, 1, step_impls, NULL};

static void step(int *x, int n, int k)
{
    void *p;
    nanort_task *t = nanort_task_create(&step_type, sizeof(struct step_args), 1, 1, &p);
    *(struct step_args *)p = (struct step_args){x, n, k};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, n * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    nanort_opencl_source("chain.cl", source, NULL);
    oclt_require(1);
    struct nrt_space *s = oclt_space(0);
    static int x[N], want[N];
    for (int i = 0; i < N; i++)
        x[i] = want[i] = i % 7;
    for (int k = 0; k < K; k++) {
        step(x, N, k);
        for (int i = 0; i < N; i++)
            want[i] = want[i] * 3 + k + i;
    }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == want[i], "x[%d] = %d, expected %d", i, x[i], want[i]);
    int pol = nrt_cfg.cache_policy;
    unsigned long in = oclt_stat(&s->stats.bytes_in), out = oclt_stat(&s->stats.bytes_out);
    OCLT_CHECK(oclt_stat(&s->stats.tasks) == K, "%lu tasks ran on the device", oclt_stat(&s->stats.tasks));
    if (pol == NRT_CACHE_WRITEBACK) {
        OCLT_CHECK(in == sizeof x, "writeback: %lu bytes in, expected %zu", in, sizeof x);
        OCLT_CHECK(out == sizeof x, "writeback: %lu bytes out, expected %zu", out, sizeof x);
    } else if (pol == NRT_CACHE_WRITETHROUGH) {
        OCLT_CHECK(in == sizeof x, "writethrough: %lu bytes in, expected %zu", in, sizeof x);
        OCLT_CHECK(out == K * sizeof x, "writethrough: %lu bytes out, expected %zu", out,
                   K * sizeof x);
    } else {
        OCLT_CHECK(in == K * sizeof x && out == K * sizeof x,
                   "nocache: %lu in, %lu out, expected %zu each", in, out, K * sizeof x);
    }
    printf("cache_chain (%s): %d tasks, %lu bytes in, %lu out\n",
           nrt_config_value_name("cache-policy"), K, in, out);
    return 0;
}
