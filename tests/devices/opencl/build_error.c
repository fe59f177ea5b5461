/*
 * build_error.c - a kernel with a syntax error: the run must stop with the kernel's name,
 * its file, the device and the OpenCL compiler's build log (build_error.sh checks the
 * message and the non-zero exit).  Exits 77 when no OpenCL device is there.
 */
#include "oclt.h"

static const char *source =
    "__kernel void broken_kernel(__global int *x) {\n"
    "    int i = get_global_id(0)\n"            /* missing ';' */
    "    x[i] = undeclared_thing + 1;\n"
    "}\n";

struct args { int *x; };

static void broken_ocl(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x}};
    struct nanort_launch l = {NULL, 1, {16}, {0}, 0, 1, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"broken_kernel", "broken.cl"};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, broken_ocl, "broken_ocl", &info}};
static struct nanort_task_type type = {"broken", __FILE__, 1, impls, NULL};

int main(void)
{
    nanort_opencl_source("src/broken.cl", source, "-DUNUSED=1");
    oclt_require(1);
    static int x[16];
    oclt_run_on(&type, x, sizeof x);
    printf("the broken kernel did not stop the run\n");
    return 0;
}
