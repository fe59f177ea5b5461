/*
 * two_devices.c - two OpenCL devices (two memory spaces; on PoCL POCL_DEVICES="pthread
 * pthread") under --dispatch=round-robin: a chain of K tasks on one buffer alternates the
 * devices, so every task after the first finds the data on the other device and it moves
 * device to device (or through the host): the moved bytes are counted exactly.  Then
 * blocks of an array go through several passes on both devices; results checked.
 */
#include "oclt.h"

static const char *source =
    "__kernel void mix_step(__global int *x, int n, int k) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i < n) x[i] = x[i] * 5 + k - i;\n"
    "}\n";

enum { N = 8192, K = 8, NB = 8, PASSES = 3 };

struct mix_args { int *x; int n, k; };

static void mix_ocl(void *p, nanort_ctx *ctx)
{
    struct mix_args *a = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n},
                                 {NANORT_KARG_VALUE, sizeof a->k, &a->k}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {0}, 0, 3, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info mix_info = {"mix_step", "mix.cl"};
static struct nanort_impl mix_impls[] = {{NANORT_DEVICE_OPENCL, mix_ocl, "mix_ocl", &mix_info}};
static struct nanort_task_type mix_type = {"mix", __FILE__, 1, mix_impls, NULL};

static void mix(int *x, int n, int k)
{
    void *p;
    nanort_task *t = nanort_task_create(&mix_type, sizeof(struct mix_args), 1, 1, &p);
    *(struct mix_args *)p = (struct mix_args){x, n, k};
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, n * sizeof *x);
    nanort_task_submit(t, 0, 0);
}

static void mix_ref(int *x, int n, int k)
{
    for (int i = 0; i < n; i++)
        x[i] = x[i] * 5 + k - i;
}

static unsigned long moved_in(void)
{
    unsigned long b = 0;
    for (int d = 0; d < 2; d++)
        b += oclt_stat(&oclt_space(d)->stats.bytes_in) + oclt_stat(&oclt_space(d)->stats.bytes_peer);
    return b;
}

int main(void)
{
    nanort_opencl_source("mix.cl", source, NULL);
    oclt_require(2);
    OCLT_CHECK(nrt_cfg.dispatch == NRT_DISPATCH_ROUND_ROBIN, "run with --dispatch=round-robin");
    static int x[N], want[N];
    for (int i = 0; i < N; i++)
        x[i] = want[i] = i;
    for (int k = 0; k < K; k++) {
        mix(x, N, k);
        mix_ref(want, N, k);
    }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == want[i], "chain: x[%d] = %d, expected %d", i, x[i], want[i]);
    for (int d = 0; d < 2; d++)
        OCLT_CHECK(oclt_stat(&oclt_space(d)->stats.tasks) == K / 2, "device %d ran %lu tasks", d,
                   oclt_stat(&oclt_space(d)->stats.tasks));
    /* Every task found the buffer elsewhere: K moves of it into a device. */
    OCLT_CHECK(moved_in() == K * sizeof x, "%lu bytes moved into devices, expected %zu",
               moved_in(), K * sizeof x);
    unsigned long peer = oclt_stat(&oclt_space(0)->stats.bytes_peer) +
                         oclt_stat(&oclt_space(1)->stats.bytes_peer);
    for (int p = 0; p < PASSES; p++)
        for (int b = 0; b < NB; b++) {
            mix(x + b * (N / NB), N / NB, 10 * p + b);
            mix_ref(want + b * (N / NB), N / NB, 10 * p + b);
        }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == want[i], "blocks: x[%d] = %d, expected %d", i, x[i], want[i]);
    printf("two_devices: chain of %d alternated, %lu bytes device to device, blocks right\n",
           K, peer);
    return 0;
}
