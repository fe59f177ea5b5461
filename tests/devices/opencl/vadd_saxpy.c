/*
 * vadd_saxpy.c - the first OpenCL tasks: c = a + b and y = alpha * x + y over blocks, each
 * block a task with an OpenCL implementation only (hand-written as mcc would emit it), then
 * a saxpy pass with a local size that does not divide the block (global rounded up, the
 * kernel bound-checks), and an empty task (no elements: empty regions, an empty range).
 * Results checked element by element against the host.
 */
#include "oclt.h"

static const char *source =
    "__kernel void vadd(__global const float *a, __global const float *b,\n"
    "                   __global float *c, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) c[i] = a[i] + b[i];\n"
    "}\n"
    "__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) y[i] = alpha * x[i] + y[i];\n"
    "}\n";

enum { N = 1 << 16, BS = 5000 };   /* BS: not a multiple of the local size */

struct vadd_args { const float *a, *b; float *c; int n; };
struct saxpy_args { float alpha; const float *x; float *y; int n; };

static void vadd_ocl(void *p, nanort_ctx *ctx)
{
    struct vadd_args *a = p;
    struct nanort_karg args[] = {
        {NANORT_KARG_BUFFER, sizeof(void *), a->a}, {NANORT_KARG_BUFFER, sizeof(void *), a->b},
        {NANORT_KARG_BUFFER, sizeof(void *), a->c}, {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {0}, 0, 4, args};
    nanort_kernel_launch(ctx, &l);
}

static void saxpy_ocl(void *p, nanort_ctx *ctx)
{
    struct saxpy_args *a = p;
    struct nanort_karg args[] = {
        {NANORT_KARG_VALUE, sizeof a->alpha, &a->alpha},
        {NANORT_KARG_BUFFER, sizeof(void *), a->x}, {NANORT_KARG_BUFFER, sizeof(void *), a->y},
        {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {64}, 0, 4, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info vadd_info = {"vadd", NULL};
static const struct nanort_opencl_info saxpy_info = {"saxpy", "vadd_saxpy.cl"};
static struct nanort_impl vadd_impls[] = {{NANORT_DEVICE_OPENCL, vadd_ocl, "vadd_ocl", &vadd_info}};
static struct nanort_impl saxpy_impls[] = {{NANORT_DEVICE_OPENCL, saxpy_ocl, "saxpy_ocl", &saxpy_info}};
static struct nanort_task_type vadd_type = {"vadd", __FILE__, 1, vadd_impls, NULL};
static struct nanort_task_type saxpy_type = {"saxpy", __FILE__, 1, saxpy_impls, NULL};

static void vadd(const float *a, const float *b, float *c, int n)
{
    void *p;
    nanort_task *t = nanort_task_create(&vadd_type, sizeof(struct vadd_args), 3, 3, &p);
    *(struct vadd_args *)p = (struct vadd_args){a, b, c, n};
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, a, n * sizeof *a);
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, b, n * sizeof *b);
    nanort_task_region1(t, NANORT_DEP_OUT | NANORT_COPY_OUT, c, n * sizeof *c);
    nanort_task_submit(t, 0, 0);
}

static void saxpy(float alpha, const float *x, float *y, int n)
{
    void *p;
    nanort_task *t = nanort_task_create(&saxpy_type, sizeof(struct saxpy_args), 2, 2, &p);
    *(struct saxpy_args *)p = (struct saxpy_args){alpha, x, y, n};
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, x, n * sizeof *x);
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, y, n * sizeof *y);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    nanort_opencl_source("kernels/vadd_saxpy.cl", source, NULL);
    oclt_require(1);
    float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = (float)(2 * i + 1);
        c[i] = -1;
    }
    vadd(a, b, c, 0);               /* empty regions, empty range: nothing to do */
    for (int i = 0; i < N; i += BS)
        vadd(a + i, b + i, c + i, N - i < BS ? N - i : BS);
    nanort_taskwait();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(c[i] == (float)(3 * i + 1), "c[%d] = %g", i, c[i]);
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < N; i += BS)
            saxpy(0.5f, a + i, c + i, N - i < BS ? N - i : BS);
    nanort_taskwait();
    for (int i = 0; i < N; i++) {
        float want = (float)(3 * i + 1);
        for (int pass = 0; pass < 3; pass++)
            want = 0.5f * (float)i + want;
        OCLT_CHECK(c[i] == want || (c[i] - want) * (c[i] - want) < 1e-6f * want * want,
                   "c[%d] = %g, expected %g", i, c[i], want);
    }
    oclt_print_stats();
    printf("vadd_saxpy: %d elements right\n", N);
    free(a), free(b), free(c);
    return 0;
}
