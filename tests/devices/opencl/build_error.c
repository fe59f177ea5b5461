/*
 * build_error.c - a kernel with a syntax error: the run must stop with the kernel's name,
 * its file, the device and the OpenCL compiler's build log (build_error.sh checks the
 * message and the non-zero exit).  Argument "fallback": the task type also has an smp
 * implementation; then the build failure is said once and every task runs that one,
 * with the right result (build_error.sh fallback checks it).  Exits 77 when no OpenCL
 * device is there.
 */
#include "oclt.h"

#include <string.h>

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

/* What the kernel would do: x[i] += i. */
static void add_index_smp(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    struct args *a = p;
    for (int i = 0; i < 16; i++)
        a->x[i] += i;
}

static const struct nanort_opencl_info info = {"broken_kernel", "broken.cl"};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, broken_ocl, "broken_ocl", &info},
                                     {NANORT_DEVICE_SMP, add_index_smp, "add_index_smp", NULL}};
static struct nanort_task_type type = {"broken", __FILE__, 1, impls, NULL};

enum { TASKS = 40 };

int main(int argc, char **argv)
{
    bool fallback = argc > 1 && !strcmp(argv[1], "fallback");
    type.nimpls = fallback ? 2 : 1;
    nanort_opencl_source("src/broken.cl", source, "-DUNUSED=1");
    oclt_require(1);
    if (!fallback) {
        static int x[16];
        oclt_run_on(&type, x, sizeof x);
        printf("the broken kernel did not stop the run\n");
        return 0;
    }
    /* a chain of tasks on one array and independent ones on others, with the OpenCL
     * implementation first: versioning tries it, round-robin and affinity pick it */
    static int x[TASKS][16];
    for (int t = 0; t < TASKS; t++) {
        int *a = x[t % 4 == 0 ? 0 : t];
        void *p;
        nanort_task *task = nanort_task_create(&type, sizeof a, 1, 1, &p);
        *(int **)p = a;
        nanort_task_region1(task, NANORT_DEP_INOUT | NANORT_COPY_INOUT, a, sizeof x[0]);
        nanort_task_submit(task, 0, 0);
    }
    nanort_taskwait();
    for (int t = 0; t < TASKS; t++)
        for (int i = 0; i < 16; i++) {
            int want = t == 0 ? i * (TASKS / 4) : t % 4 == 0 ? 0 : i;
            if (x[t][i] != want) {
                printf("FAIL: x[%d][%d] = %d, expected %d\n", t, i, x[t][i], want);
                return 1;
            }
        }
    printf("%d tasks ran their smp implementation: results right\n", TASKS);
    return 0;
}
