/*
 * host_writes.c - main writes data on the host between device tasks: after a taskwait
 * (which flushes device data to the host) main changes the array, then a device task
 * reads it again; the device must see main's values, not its stale cached copy.  Also
 * a buffer freed and allocated again at the same address.
 */
#include "oclt.h"

static const char *source =
    "__kernel void add_one(__global int *x, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] += 1;\n"
    "}\n";

enum { N = 1024 };

struct args { int *x; int n; };

static void add_one_ocl(void *p, nanort_ctx *ctx)
{
    struct args *a = p;
    struct nanort_karg kargs[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                  {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {0}, 0, 2, kargs};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"add_one", NULL};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, add_one_ocl, "add_one_ocl", &info}};
static struct nanort_task_type type = {"add_one", __FILE__, 1, impls, NULL};

static void add_one(int *x, int n)
{
    void *p;
    nanort_task *t = nanort_task_create(&type, sizeof(struct args), 1, 1, &p);
    *(struct args *)p = (struct args){x, n};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, n * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    nanort_opencl_source("add_one.cl", source, NULL);
    oclt_require(1);
    static int x[N];
    for (int i = 0; i < N; i++)
        x[i] = i;
    add_one(x, N);
    nanort_taskwait();
    OCLT_CHECK(x[5] == 6, "first task: x[5] = %d", x[5]);
    for (int i = 0; i < N; i++)
        x[i] = 100 * i;             /* main writes after the taskwait */
    add_one(x, N);
    nanort_taskwait();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == 100 * i + 1, "after main's writes: x[%d] = %d, expected %d (the "
                   "device used a stale copy)", i, x[i], 100 * i + 1);
    for (int round = 0; round < 4; round++) {
        int *y = malloc(N * sizeof *y);
        for (int i = 0; i < N; i++)
            y[i] = round * 7 + i;
        add_one(y, N);
        nanort_taskwait();
        for (int i = 0; i < N; i++)
            OCLT_CHECK(y[i] == round * 7 + i + 1, "malloc round %d: y[%d] = %d, expected %d",
                       round, i, y[i], round * 7 + i + 1);
        free(y);
    }
    printf("host_writes: the device saw main's writes after taskwait\n");
    return 0;
}
