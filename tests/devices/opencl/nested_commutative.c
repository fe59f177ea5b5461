/*
 * nested_commutative.c - OpenCL tasks in two less common places:
 *   commutative  tasks acc += x_b (integer sums, so any order gives the same result) with
 *                commutative access to acc run one at a time, in any order, on one or two
 *                devices (acc then moves between them), interleaved with smp tasks that
 *                read acc; checked against the host's sums;
 *   nested       smp parents, each owning a band of the array (inout), create OpenCL
 *                children on the band's blocks, wait for them, then read and change the
 *                band on the host; a last OpenCL task per band reads the parents' writes.
 */
#include "oclt.h"

static const char *source =
    "__kernel void acc_add(__global int *acc, __global const int *x, int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) acc[i] += x[i];\n"
    "}\n"
    "__kernel void blk_mul(__global int *x, int n, int k) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] = x[i] * 2 + k;\n"
    "}\n";

enum { W = 2048, NB = 12, BANDS = 4, PER_BAND = 4, BS = 512 };

struct add_args { int *acc; const int *x; int n; };
struct mul_args { int *x; int n, k; };

static void add_ocl(void *p, nanort_ctx *ctx)
{
    struct add_args *a = p;
    struct nanort_karg k[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->acc},
                              {NANORT_KARG_BUFFER, sizeof(void *), a->x},
                              {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {64}, 0, 3, k};
    nanort_kernel_launch(ctx, &l);
}

static void mul_ocl(void *p, nanort_ctx *ctx)
{
    struct mul_args *a = p;
    struct nanort_karg k[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                              {NANORT_KARG_VALUE, sizeof a->n, &a->n},
                              {NANORT_KARG_VALUE, sizeof a->k, &a->k}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {0}, 0, 3, k};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info add_info = {"acc_add", NULL}, mul_info = {"blk_mul", NULL};
static struct nanort_impl add_impls[] = {{NANORT_DEVICE_OPENCL, add_ocl, "add_ocl", &add_info}};
static struct nanort_impl mul_impls[] = {{NANORT_DEVICE_OPENCL, mul_ocl, "mul_ocl", &mul_info}};
static struct nanort_task_type add_type = {"acc_add", __FILE__, 1, add_impls, NULL};
static struct nanort_task_type mul_type = {"blk_mul", __FILE__, 1, mul_impls, NULL};

static int acc[W], xs[NB][W], seen[NB];

static void acc_add(const int *x)
{
    void *p;
    nanort_task *t = nanort_task_create(&add_type, sizeof(struct add_args), 2, 2, &p);
    *(struct add_args *)p = (struct add_args){acc, x, W};
    nanort_task_region1(t, NANORT_DEP_COMMUTATIVE | NANORT_COPY_INOUT, acc, sizeof acc);
    nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, x, W * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

/* An smp task reading acc (between runs of commutative adds). */
struct peek_args { int slot; };
static void peek_smp(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    seen[((struct peek_args *)p)->slot] = acc[W - 1];
}
static struct nanort_impl peek_impls[] = {{NANORT_DEVICE_SMP, peek_smp, "peek_smp", NULL}};
static struct nanort_task_type peek_type = {"peek", __FILE__, 1, peek_impls, NULL};

static int check_commutative(void)
{
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < W; i++)
            xs[b][i] = b * 3 + i % 17;
    int want_seen[NB];
    long run = 0;
    for (int b = 0; b < NB; b++) {
        acc_add(xs[b]);
        run += xs[b][W - 1];
        if (b % 3 == 2) {           /* a reader ends each run of three adds */
            void *p;
            nanort_task *t = nanort_task_create(&peek_type, sizeof(struct peek_args), 1, 1, &p);
            ((struct peek_args *)p)->slot = b;
            nanort_task_region1(t, NANORT_DEP_IN, acc, sizeof acc);
            nanort_task_submit(t, 0, 0);
            want_seen[b] = (int)run;
        }
    }
    nanort_taskwait();
    for (int i = 0; i < W; i++) {
        int want = 0;
        for (int b = 0; b < NB; b++)
            want += xs[b][i];
        OCLT_CHECK(acc[i] == want, "acc[%d] = %d, expected %d", i, acc[i], want);
    }
    for (int b = 2; b < NB; b += 3)
        OCLT_CHECK(seen[b] == want_seen[b], "reader after add %d saw %d, expected %d", b,
                   seen[b], want_seen[b]);
    return 0;
}

static int data[BANDS][PER_BAND * BS];

static void blk_mul(int *x, int n, int k)
{
    void *p;
    nanort_task *t = nanort_task_create(&mul_type, sizeof(struct mul_args), 1, 1, &p);
    *(struct mul_args *)p = (struct mul_args){x, n, k};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, n * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

struct band_args { int band; };
static void band_smp(void *p, nanort_ctx *ctx)
{
    int b = ((struct band_args *)p)->band;
    (void)ctx;
    for (int j = 0; j < PER_BAND; j++)
        blk_mul(data[b] + j * BS, BS, b * 10 + j);
    nanort_taskwait();              /* the children's results come back to the host */
    for (int i = 0; i < PER_BAND * BS; i++)
        data[b][i] += 1000;
}
static struct nanort_impl band_impls[] = {{NANORT_DEVICE_SMP, band_smp, "band_smp", NULL}};
static struct nanort_task_type band_type = {"band", __FILE__, 1, band_impls, NULL};

static int check_nested(void)
{
    for (int b = 0; b < BANDS; b++)
        for (int i = 0; i < PER_BAND * BS; i++)
            data[b][i] = b + i;
    for (int b = 0; b < BANDS; b++) {
        void *p;
        nanort_task *t = nanort_task_create(&band_type, sizeof(struct band_args), 1, 1, &p);
        ((struct band_args *)p)->band = b;
        nanort_task_region1(t, NANORT_DEP_INOUT, data[b], sizeof data[b]);
        nanort_task_submit(t, 0, 0);
        blk_mul(data[b], PER_BAND * BS, 7);   /* after the parent: sees its writes */
    }
    nanort_taskwait();
    for (int b = 0; b < BANDS; b++)
        for (int i = 0; i < PER_BAND * BS; i++) {
            int j = i / BS, v = ((b + i) * 2 + b * 10 + j + 1000) * 2 + 7;
            OCLT_CHECK(data[b][i] == v, "band %d [%d] = %d, expected %d", b, i, data[b][i], v);
        }
    return 0;
}

int main(void)
{
    nanort_opencl_source("nested.cl", source, NULL);
    oclt_require(1);
    check_commutative();
    check_nested();
    oclt_print_stats();
    printf("nested_commutative: commutative device adds and device children of smp parents right\n");
    return 0;
}
