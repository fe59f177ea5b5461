/*
 * timeline.c - independent tasks that each copy a block in, run a kernel long enough to
 * be seen (a loop per element) and copy a block out, on one OpenCL device: the program
 * checks the results; timeline.sh runs it with --summary and --trace and checks the
 * device timeline (kernel and copy time measured on the device, their overlap, the
 * device-timed spans on the kernel, host->device and device->host tracks).
 */
#include "oclt.h"

static const char *source =
    "__kernel void burn(__global const float *a, __global float *b, int n, int iters) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i >= n) return;\n"
    "    float x = a[i];\n"
    "    for (int k = 0; k < iters; k++) x = x * 0.999f + 0.001f;\n"
    "    b[i] = x;\n"
    "}\n";

enum { NB = 16, BS = 1 << 18, ITERS = 64 };

struct burn_args { const float *a; float *b; int n, iters; };

static void burn_ocl(void *p, nanort_ctx *ctx)
{
    struct burn_args *x = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), x->a},
                                 {NANORT_KARG_BUFFER, sizeof(void *), x->b},
                                 {NANORT_KARG_VALUE, sizeof x->n, &x->n},
                                 {NANORT_KARG_VALUE, sizeof x->iters, &x->iters}};
    struct nanort_launch l = {NULL, 1, {(size_t)x->n}, {64}, 0, 4, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info burn_info = {"burn", NULL};
static struct nanort_impl burn_impls[] = {{NANORT_DEVICE_OPENCL, burn_ocl, "burn_ocl", &burn_info}};
static struct nanort_task_type burn_type = {"burn", __FILE__, 1, burn_impls, NULL};

static void burn(const float *a, float *b, int n)
{
    void *p;
    nanort_task *t = nanort_task_create(&burn_type, sizeof(struct burn_args), 2, 2, &p);
    *(struct burn_args *)p = (struct burn_args){a, b, n, ITERS};
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, a, n * sizeof *a);
    nanort_task_region1(t, NANORT_DEP_OUT | NANORT_COPY_OUT, b, n * sizeof *b);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    nanort_opencl_source("timeline.cl", source, NULL);
    oclt_require(1);
    float *a = malloc(sizeof(float) * NB * BS), *b = malloc(sizeof(float) * NB * BS);
    OCLT_CHECK(a && b, "out of memory");
    for (int i = 0; i < NB * BS; i++)
        a[i] = (float)(i % 1000) / 1000.0f;
    for (int k = 0; k < NB; k++)
        burn(a + (size_t)k * BS, b + (size_t)k * BS, BS);
    nanort_taskwait();
    for (int i = 0; i < NB * BS; i += 997) {
        float x = a[i];
        for (int k = 0; k < ITERS; k++)
            x = x * 0.999f + 0.001f;
        OCLT_CHECK(b[i] > x - 1e-4f && b[i] < x + 1e-4f, "b[%d] = %g, expected %g", i, b[i], x);
    }
    printf("timeline: %d tasks of %d floats right\n", NB, BS);
    free(a);
    free(b);
    return 0;
}
