/*
 * bad_args.c - launches the plugin must refuse with a message that names the task and
 * says what to do (bad_args.sh checks the messages and the non-zero exits):
 *   misaligned   a buffer argument 4 bytes into its region (no OpenCL sub-buffer there):
 *                runs on an aligned copy of the region, result right
 *   two-offsets  two buffer arguments 4 and 8 bytes into one region: no copy can align both
 *   outside      a buffer argument that is not in any copied region
 *   bad-local    a local size larger than the device allows (refused before the launch:
 *                task, kernel, device, the sizes and the limit)
 *   sub-buffer   an argument 512 bytes in (aligned): runs as a sub-buffer, result right
 *   no-device    (run with --disable-opencl) a task with only an OpenCL version
 */
#include "oclt.h"

static const char *source =
    "__kernel void bump(__global int *x, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] += 1;\n"
    "}\n"
    "__kernel void bump2(__global int *x, __global int *y, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] += y[i];\n"
    "}\n";

enum { N = 1024 };

struct args { int *x; int n; size_t local; };

static void bump_ocl(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                  {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {a->local}, 0, 2, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"bump", NULL};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, bump_ocl, "bump_ocl", &info}};
static struct nanort_task_type type = {"bump_task", __FILE__, 1, impls, NULL};

struct args2 { int *x, *y; int n; };

static void bump2_ocl(void *p, nanort_ctx *ctx)
{
    struct args2 *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                  {NANORT_KARG_BUFFER, sizeof(void *), a->y},
                                  {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {0}, 0, 3, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info2 = {"bump2", NULL};
static struct nanort_impl impls2[] = {{NANORT_DEVICE_OPENCL, bump2_ocl, "bump2_ocl", &info2}};
static struct nanort_task_type type2 = {"bump2_task", __FILE__, 1, impls2, NULL};

static int x[N], other[N];

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    nanort_opencl_source("bump.cl", source, NULL);
    if (strcmp(mode, "no-device") != 0)
        oclt_require(1);
    struct args a = {x, N, 0};
    int from = 128;                 /* the first element the kernel bumps */
    if (!strcmp(mode, "two-offsets")) {
        struct args2 b = {x + 1, x + 2, N - 2};
        void *q;
        nanort_task *t = nanort_task_create(&type2, sizeof b, 1, 1, &q);
        *(struct args2 *)q = b;
        nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, sizeof x);
        nanort_task_submit(t, 0, 0);
        nanort_taskwait();
        OCLT_CHECK(0, "two-offsets: the launch ran");
    }
    if (!strcmp(mode, "misaligned")) {
        a = (struct args){x + 1, N - 1, 0};
        from = 1;
    }
    else if (!strcmp(mode, "outside"))
        a = (struct args){other, N, 0};
    else if (!strcmp(mode, "bad-local"))
        a = (struct args){x, N, (size_t)1 << 24};
    else if (!strcmp(mode, "sub-buffer"))
        a = (struct args){x + 128, N - 128, 0};
    else if (!strcmp(mode, "no-device"))
        OCLT_CHECK(oclt_devices() == 0, "run with --disable-opencl");
    else
        OCLT_CHECK(0, "unknown mode '%s'", mode);
    void *p;
    nanort_task *t = nanort_task_create(&type, sizeof a, 1, 1, &p);
    *(struct args *)p = a;
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, sizeof x);
    nanort_task_submit(t, 0, 0);
    nanort_taskwait();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == (i >= from), "x[%d] = %d", i, x[i]);
    printf("bad_args: %s ran, result right\n", mode);
    return 0;
}
