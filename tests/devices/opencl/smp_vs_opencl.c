/*
 * smp_vs_opencl.c - the smp and OpenCL versions of one task give the same results: an
 * integer hash and float arithmetic (mul/add are correctly rounded in both; the kernel
 * turns FP_CONTRACT off so no fma changes the rounding) on blocks, computed by a type with
 * only the smp version, by one with only the OpenCL version, and by one with both (the
 * runtime picks per instance; --dispatch=round-robin alternates host and device); the
 * three arrays must be equal bit for bit.  Under --disable-opencl the type with both runs
 * on the host only and still matches.
 */
#include "oclt.h"

#define BODY(i)                                                                            \
    unsigned h = (unsigned)(i) * 2654435761u ^ x[i];                                       \
    h ^= h >> 13;                                                                          \
    h *= 0x5bd1e995u;                                                                      \
    y[i] = h ^ (h >> 15);                                                                  \
    f[i] = f[i] * 0.75f + (float)(x[i] & 1023) * 1.25f
#define STR_(...) #__VA_ARGS__
#define STR(...) STR_(__VA_ARGS__)

static const char *source =
    "#pragma OPENCL FP_CONTRACT OFF\n"
    "__kernel void same(__global const uint *x, __global uint *y, __global float *f,\n"
    "                   int n) {\n"
    "    int i = get_global_id(0);\n"
    "    if (i >= n) return;\n"
    "    " STR(BODY(i)) ";\n"
    "}\n";

enum { N = 1 << 14, NB = 8, BS = N / NB, PASSES = 3 };

struct sargs { const unsigned *x; unsigned *y; float *f; int n; };

static void same_smp(void *p, nanort_ctx *ctx)
{
    struct sargs *a = p;
    const unsigned *x = a->x;
    unsigned *y = a->y;
    float *f = a->f;
    (void)ctx;
    for (int i = 0; i < a->n; i++) {
        BODY(i);
    }
}

static void same_ocl(void *p, nanort_ctx *ctx)
{
    struct sargs *a = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_BUFFER, sizeof(void *), a->y},
                                 {NANORT_KARG_BUFFER, sizeof(void *), a->f},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {64}, 0, 4, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"same", NULL};
static struct nanort_impl smp_impl[] = {{NANORT_DEVICE_SMP, same_smp, "same_smp", NULL}};
static struct nanort_impl ocl_impl[] = {{NANORT_DEVICE_OPENCL, same_ocl, "same_ocl", &info}};
static struct nanort_impl both_impl[] = {{NANORT_DEVICE_SMP, same_smp, "same_smp", NULL},
                                         {NANORT_DEVICE_OPENCL, same_ocl, "same_ocl", &info}};
static struct nanort_task_type smp_type = {"same[smp]", __FILE__, 1, smp_impl, NULL};
static struct nanort_task_type ocl_type = {"same[opencl]", __FILE__, 1, ocl_impl, NULL};
static struct nanort_task_type both_type = {"same[both]", __FILE__, 2, both_impl, NULL};

static unsigned X[N];
static struct { unsigned y[N]; float f[N]; } out[3];

static void run(struct nanort_task_type *type, int k)
{
    for (int p = 0; p < PASSES; p++)
        for (int b = 0; b < NB; b++) {
            void *a;
            nanort_task *t = nanort_task_create(type, sizeof(struct sargs), 3, 3, &a);
            *(struct sargs *)a = (struct sargs){X + b * BS, out[k].y + b * BS, out[k].f + b * BS, BS};
            nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, X + b * BS, BS * sizeof *X);
            nanort_task_region1(t, NANORT_DEP_OUT | NANORT_COPY_OUT, out[k].y + b * BS,
                                BS * sizeof(unsigned));
            nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, out[k].f + b * BS,
                                BS * sizeof(float));
            nanort_task_submit(t, 0, 0);
        }
}

int main(void)
{
    nanort_opencl_source("same.cl", source, NULL);
    int ndev = oclt_devices();
    const char *nx = getenv("NX_ARGS");
    bool disabled = nx && strstr(nx, "--disable-opencl");
    if (ndev == 0 && !disabled) {
        printf("skipped: no OpenCL device\n");
        return 77;
    }
    for (int i = 0; i < N; i++)
        X[i] = (unsigned)i * 7919u + 17;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < N; i++)
            out[k].f[i] = (float)i * 0.5f;
    run(&smp_type, 0);
    if (ndev > 0)
        run(&ocl_type, 1);
    run(&both_type, 2);
    nanort_taskwait();
    oclt_print_stats();
    for (int k = ndev > 0 ? 1 : 2; k < 3; k++)
        OCLT_CHECK(memcmp(&out[0], &out[k], sizeof out[0]) == 0,
                   "the %s results differ from the smp ones", k == 1 ? "OpenCL" : "mixed");
    unsigned long dev = 0;
    for (int s = 1; s < nrt_nspaces; s++)
        dev += oclt_stat(&nrt_spaces[s]->stats.tasks);
    OCLT_CHECK(disabled ? dev == 0 : dev >= NB * PASSES, "%lu tasks ran on OpenCL devices", dev);
    printf("smp_vs_opencl: smp, OpenCL%s results equal bit for bit (%lu device tasks)\n",
           ndev > 0 ? " and mixed" : " disabled: mixed type on the host,", dev);
    return 0;
}
