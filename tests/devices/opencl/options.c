/*
 * options.c - the OpenCL options: how many devices are used (--opencl-max-devices,
 * --opencl-device-type, --disable-opencl), the cache limit of each (--opencl-max-memory
 * in bytes or percent), and build options (the source's and --opencl-build-opts, both
 * seen by the kernel as macros).
 *
 *   options DEVICES [LIMIT]    DEVICES: the number expected; LIMIT: the expected limit in
 *                              bytes, or N% of CL_DEVICE_GLOBAL_MEM_SIZE
 * With NX_ARGS containing --opencl-build-opts=-DRUNTIME_ADD=N, a kernel adds SOURCE_ADD
 * (7, from the source's options) + N to every element.
 */
#include "oclt.h"
#include "../../../devices/opencl/opencl.h"

static const char *source =
    "__kernel void opts_add(__global int *x) {\n"
    "#ifndef RUNTIME_ADD\n"
    "#define RUNTIME_ADD 0\n"
    "#endif\n"
    "    x[get_global_id(0)] += SOURCE_ADD + RUNTIME_ADD;\n"
    "}\n";

struct args { int *x; };

static void add_ocl(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x}};
    struct nanort_launch l = {NULL, 1, {64}, {0}, 0, 1, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"opts_add", "opts.cl"};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, add_ocl, "add_ocl", &info}};
static struct nanort_task_type type = {"opts_add", __FILE__, 1, impls, NULL};

/* CL_DEVICE_GLOBAL_MEM_SIZE of a space's device, through the plugin's loaded API. */
static size_t global_mem(struct nrt_space *s)
{
    cl_ulong g = 0;
    OCL_CHECK(s, NULL, clGetDeviceInfo, ocl_dev(s)->id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof g,
              &g, NULL);
    return (size_t)g;
}

static int run_kernel(int want_add)
{
    static int x[64];
    oclt_run_on(&type, x, sizeof x);
    for (int i = 0; i < 64; i++)
        OCLT_CHECK(x[i] == want_add, "x[%d] = %d, expected %d", i, x[i], want_add);
    return 0;
}

int main(int argc, char **argv)
{
    OCLT_CHECK(argc >= 2, "usage: options DEVICES [LIMIT]");
    int want = atoi(argv[1]);
    nanort_opencl_source("tests/devices/opencl/opts.cl", source, "-DSOURCE_ADD=7");
    int have = oclt_devices();
    const char *nx = getenv("NX_ARGS") ? getenv("NX_ARGS") : "";
    /* Fewer devices than expected: this machine has fewer (PoCL gives what POCL_DEVICES
     * says); more: the options did not limit them. */
    if (have < want) {
        printf("skipped: %d OpenCL devices expected, %d here\n", want, have);
        return 77;
    }
    OCLT_CHECK(have == want, "%d OpenCL devices used, expected %d", have, want);
    if (argc > 2 && have > 0) {
        size_t lim = oclt_space(0)->mem_limit;
        char *end;
        double v = strtod(argv[2], &end);
        size_t expect = *end == '%' ? (size_t)((double)global_mem(oclt_space(0)) * v / 100.0)
                                    : (size_t)v;
        OCLT_CHECK(lim == expect, "limit %zu bytes, expected %zu (%s)", lim, expect, argv[2]);
        printf("limit %zu bytes\n", lim);
    }
    if (have > 0) {
        const char *r = strstr(nx, "RUNTIME_ADD=");
        run_kernel(7 + (r ? atoi(r + strlen("RUNTIME_ADD=")) : 0));
    }
    printf("options: %d OpenCL devices as expected\n", have);
    return 0;
}
