/*
 * device_trace.c - an OpenCL-only task type through the C API, for the --trace test of
 * device tracks: two passes of y *= 2 over NB blocks (pass 2 block i depends on pass 1
 * block i: NB true edges), so the trace must hold kernel spans on the device's track,
 * host->device and device->host transfer spans, and NB flows.  Without a usable OpenCL
 * device the runtime stops it with "no opencl device is available" (run.sh then reports
 * the test skipped); exits 1 when the values are wrong.
 */
#include <nanort.h>
#include <stdio.h>
#include <stdlib.h>

#define NB 4
#define BS 4096

static const char kernel_src[] =
    "__kernel void vscale(__global float *y, int n)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n)\n"
    "        y[i] *= 2.0f;\n"
    "}\n";

__attribute__((constructor)) static void register_source(void)
{
    nanort_opencl_source("instr_vscale.cl", kernel_src, NULL);
}

struct args {
    float *y;
    int n;
};

static void vscale_ocl(void *a, nanort_ctx *ctx)
{
    struct args *x = a;
    struct nanort_karg kargs[] = {
        {NANORT_KARG_BUFFER, sizeof(float *), x->y},
        {NANORT_KARG_VALUE, sizeof(int), &x->n},
    };
    struct nanort_launch l = {NULL, 1, {(size_t)x->n, 1, 1}, {0, 0, 0}, 0, 2, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info vscale_info = {"vscale", "instr_vscale.cl"};
static const struct nanort_impl vscale_impls[] = {
    {NANORT_DEVICE_OPENCL, vscale_ocl, "vscale_ocl", &vscale_info},
};
static struct nanort_task_type vscale_type = {"vscale", __FILE__, 1, vscale_impls, NULL};

static float y[NB * BS];

int main(void)
{
    for (int i = 0; i < NB * BS; i++)
        y[i] = (float)(i % 100);
    for (int pass = 0; pass < 2; pass++)
        for (int b = 0; b < NB; b++) {
            void *args;
            nanort_task *t = nanort_task_create(&vscale_type, sizeof(struct args), 1, 1, &args);
            ((struct args *)args)->y = &y[b * BS];
            ((struct args *)args)->n = BS;
            nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, &y[b * BS],
                                BS * sizeof(float));
            nanort_task_submit(t, 0, 0);
        }
    nanort_taskwait();
    for (int i = 0; i < NB * BS; i++)
        if (y[i] != 4.0f * (float)(i % 100)) {
            fprintf(stderr, "device_trace: y[%d] = %g, expected %g\n", i, y[i],
                    4.0 * (i % 100));
            return 1;
        }
    return 0;
}
