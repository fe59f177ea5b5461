/*
 * prebuild.c - OpenCL sources are built ahead, while the device's manager has no task
 * (--opencl-prebuild=yes; auto, the default, does so on GPUs only, not on PoCL's CPU
 * device): before the program creates any task, the device's
 * program list holds the good source; a source that does not build and whose kernels no
 * task uses never stops the run (it is built quietly ahead, and only its first use would
 * report it); the task that then runs the good kernel computes the right result.
 * Argument "no": run with --opencl-prebuild=no, "auto" with auto (on PoCL's CPU device:
 * as no), where nothing is built before the task.
 * Argument "exit" [MS]: the program ends MS milliseconds after the runtime started, while
 * the sources are still being built ahead (a long one among them); it must end with
 * status 0 (it crashed in clang 1 time in 3 with two PoCL devices: LLVM's destructors,
 * registered during the build, ran before the runtime's exit hook had waited for the
 * build; runtime.c).
 * Exits 77 when no OpenCL device is there.
 */
#include "oclt.h"
#include "../../../devices/opencl/opencl.h"

#include <time.h>

static const char *good =
    "__kernel void add_one(__global int *x) {\n"
    "    int i = get_global_id(0);\n"
    "    x[i] += 1;\n"
    "}\n";
static const char *broken =
    "__kernel void never_used(__global int *x) {\n"
    "    x[get_global_id(0)] = undeclared_thing\n"
    "}\n";

/* A source whose build takes a while (PoCL: tens of milliseconds), so that the program
 * ends during it: LONG_STEPS dependent updates, each its own statements. */
#define STEP "    v = v * 1.0001f + sin(v) * (float)i; if (v > 1e6f) v = cos(v);\n"
#define STEP8 STEP STEP STEP STEP STEP STEP STEP STEP
static const char *slow =
    "__kernel void slow_to_build(__global float *x) {\n"
    "    int i = get_global_id(0); float v = x[i];\n"
    STEP8 STEP8 STEP8 STEP8 STEP8 STEP8 STEP8 STEP8
    "    x[i] = v;\n"
    "}\n";

enum { N = 64 };

struct args { int *x; };

static void add_one_ocl(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x}};
    struct nanort_launch l = {NULL, 1, {N}, {0}, 0, 1, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"add_one", "good.cl"};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, add_one_ocl, "add_one_ocl", &info}};
static struct nanort_task_type type = {"add_one", __FILE__, 1, impls, NULL};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Whether opencl0 has built a program, waiting up to `seconds` for it. */
static bool built_within(double seconds)
{
    struct ocl_device *d = ocl_dev(oclt_space(0));
    double end = now() + seconds;
    do {
        if (__atomic_load_n(&d->programs, __ATOMIC_ACQUIRE))
            return true;
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    } while (now() < end);
    return false;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "yes";
    if (!strcmp(mode, "exit")) {
        setenv("NX_ARGS", "--opencl-prebuild=yes", 1);
        nanort_opencl_source("src/slow.cl", slow, NULL);
        nanort_opencl_source("src/good.cl", good, NULL);
        oclt_require(1);
        long ms = argc > 2 ? atol(argv[2]) : 0;     /* into the builds */
        nanosleep(&(struct timespec){ms / 1000, ms % 1000 * 1000000}, NULL);
        return 0;                   /* exit() while the managers build */
    }
    bool ahead = !strcmp(mode, "yes");
    setenv("NX_ARGS", !strcmp(mode, "auto") ? "--opencl-prebuild=auto"
                      : ahead ? "--opencl-prebuild=yes" : "--opencl-prebuild=no", 1);
    nanort_opencl_source("src/broken.cl", broken, NULL);
    nanort_opencl_source("src/good.cl", good, NULL);
    oclt_require(1);
    if (!strcmp(mode, "auto") && !ocl_dev(oclt_space(0))->cpu &&
        !nrt_space_shares_device(oclt_space(0)))
        ahead = true;               /* (a GPU of its own: auto builds ahead) */
    if (ahead && !built_within(120)) {
        printf("FAIL: no source was built ahead in 120 s\n");
        return 1;
    }
    if (!ahead && built_within(0.3)) {
        printf("FAIL: a source was built before any task under --opencl-prebuild=%s\n",
               mode);
        return 1;
    }
    static int x[N];
    for (int i = 0; i < N; i++)
        x[i] = i;
    oclt_run_on(&type, x, sizeof x);
    for (int i = 0; i < N; i++)
        if (x[i] != i + 1) {
            printf("FAIL: x[%d] = %d, expected %d\n", i, x[i], i + 1);
            return 1;
        }
    printf("prebuild %s: built %s the first task, the unused broken source did not stop the run\n",
           ahead ? "on" : "off", ahead ? "before" : "at");
    return 0;
}
