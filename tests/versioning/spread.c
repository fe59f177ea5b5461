/*
 * spread.c - the versioning choice spreads independent work over the host and every
 * OpenCL device instead of queueing it all on the fastest one: a task with an smp and an
 * OpenCL version over separate blocks, run with two PoCL devices (POCL_DEVICES="pthread
 * pthread"); each of the three resources must run a share of the tasks, and the results
 * must equal the sequential computation.  Skipped without two OpenCL devices.
 */
#include "../devices/opencl/oclt.h"

#define ITER 200
#define BODY(i)                                                                            \
    float v = x[i];                                                                        \
    for (int k = 0; k < ITER; k++)                                                         \
        v = v * 0.999f + 0.5f;                                                             \
    x[i] = v
#define STR_(...) #__VA_ARGS__
#define STR(...) STR_(__VA_ARGS__)

static const char *source =
    "#pragma OPENCL FP_CONTRACT OFF\n"
    "__kernel void spread(__global float *x, int n, int iter) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i >= n) return;\n"
    "    float v = x[i];\n"
    "    for (int k = 0; k < iter; k++) v = v * 0.999f + 0.5f;\n"
    "    x[i] = v;\n"
    "}\n";

enum { NB = 96, BS = 4096 };

struct sargs { float *x; int n; };

static void spread_smp(void *p, nanort_ctx *ctx)
{
    struct sargs *a = p;
    float *x = a->x;
    (void)ctx;
    for (int i = 0; i < a->n; i++) {
        BODY(i);
    }
}

static void spread_ocl(void *p, nanort_ctx *ctx)
{
    struct sargs *a = p;
    int iter = ITER;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n},
                                 {NANORT_KARG_VALUE, sizeof iter, &iter}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {64}, 0, 3, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"spread", NULL};
static const struct nanort_impl impls[] = {
    {NANORT_DEVICE_SMP, spread_smp, "spread_smp", NULL},
    {NANORT_DEVICE_OPENCL, spread_ocl, "spread_ocl", &info},
};
static struct nanort_task_type type = {"spread", __FILE__, 2, impls, NULL};

int main(void)
{
    nanort_opencl_source("spread.cl", source, "-cl-fp32-correctly-rounded-divide-sqrt");
    oclt_require(2);
    float *x = malloc(sizeof(float) * NB * BS), *ref = malloc(sizeof(float) * NB * BS);
    OCLT_CHECK(x && ref, "out of memory");
    for (int i = 0; i < NB * BS; i++)
        x[i] = ref[i] = (float)(i % 97);
    for (int rep = 0; rep < 3; rep++)
        for (int b = 0; b < NB; b++) {
            struct sargs *a;
            nanort_task *t = nanort_task_create(&type, sizeof *a, 1, 1, (void **)&a);
            a->x = x + (size_t)b * BS;
            a->n = BS;
            nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, a->x, BS * sizeof(float));
            nanort_task_submit(t, 0, 0);
        }
    nanort_taskwait();
    for (int rep = 0; rep < 3; rep++) {
        float *xs = x;
        x = ref;
        for (int i = 0; i < NB * BS; i++) {
            BODY(i);
        }
        x = xs;
    }
    for (int i = 0; i < NB * BS; i++)
        OCLT_CHECK(x[i] == ref[i], "x[%d] = %g, expected %g", i, x[i], ref[i]);
    unsigned long d0 = oclt_stat(&oclt_space(0)->stats.tasks);
    unsigned long d1 = oclt_stat(&oclt_space(1)->stats.tasks);
    unsigned long host = 3 * NB - d0 - d1;
    printf("tasks: host %lu, %s %lu, %s %lu\n", host, oclt_space(0)->name, d0,
           oclt_space(1)->name, d1);
    OCLT_CHECK(host >= 3 * NB / 20 && d0 >= 3 * NB / 20 && d1 >= 3 * NB / 20,
               "work not spread: host %lu, device 0 %lu, device 1 %lu of %d", host, d0, d1,
               3 * NB);
    free(x);
    free(ref);
    printf("OK\n");
    return 0;
}
