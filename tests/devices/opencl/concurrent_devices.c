/*
 * concurrent_devices.c - tasks with a concurrent region copied to the devices, spread
 * over the host and two OpenCL devices (round-robin): every update must survive.  Each
 * device working on a copy of its own would write back only its own additions; the
 * runtime runs such tasks one at a time instead (concurrent allows it).
 */
#include "oclt.h"

static const char *source =
    "__kernel void bump(__global int *x, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] += 1;\n"
    "}\n";

enum { N = 4096, TASKS = 30 };

struct args { int *x; int n; };

static void bump_smp(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    (void)ctx;
    for (int i = 0; i < a->n; i++)
        __atomic_add_fetch(&a->x[i], 1, __ATOMIC_RELAXED);   /* concurrent: synchronise */
}

static void bump_ocl(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                  {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {64}, 0, 2, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"bump", NULL};
static const struct nanort_impl impls[] = {
    {NANORT_DEVICE_SMP, bump_smp, "bump_smp", NULL},
    {NANORT_DEVICE_OPENCL, bump_ocl, "bump_ocl", &info},
};
static struct nanort_task_type type = {"bump", __FILE__, 2, impls, NULL};

int main(void)
{
    static int x[N];
    nanort_opencl_source("bump.cl", source, NULL);
    oclt_require(1);
    for (int i = 0; i < TASKS; i++) {
        struct args *a;
        nanort_task *t = nanort_task_create(&type, sizeof *a, 1, 1, (void **)&a);
        a->x = x;
        a->n = N;
        nanort_task_region1(t, NANORT_DEP_CONCURRENT | NANORT_COPY_INOUT, x, sizeof x);
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == TASKS, "x[%d] = %d, expected %d (updates lost)", i, x[i], TASKS);
    printf("OK\n");
    return 0;
}
