/*
 * local_arg.c - a __local kernel argument (NANORT_KARG_LOCAL, OmpSs shmem): each work
 * group of 64 items sums its part of a block in local memory (a tree reduction with
 * barriers) and writes one partial sum; the partial sums are checked against the host.
 */
#include "oclt.h"

static const char *source =
    "__kernel void group_sums(__global const int *x, __global int *sums, __local int *tmp,\n"
    "                         int n) {\n"
    "    int i = get_global_id(0), l = get_local_id(0), g = get_local_size(0);\n"
    "    tmp[l] = i < n ? x[i] : 0;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int s = g / 2; s > 0; s /= 2) {\n"
    "        if (l < s) tmp[l] += tmp[l + s];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (l == 0) sums[get_group_id(0)] = tmp[0];\n"
    "}\n";

enum { N = 10000, L = 64, NB = 4 };
enum { GROUPS = (N / NB + L - 1) / L };

struct gargs { const int *x; int *sums; int n; };

static void sums_ocl(void *p, nanort_ctx *ctx)
{
    struct gargs *a = p;
    struct nanort_karg args[] = {{NANORT_KARG_BUFFER, sizeof(void *), a->x},
                                 {NANORT_KARG_BUFFER, sizeof(void *), a->sums},
                                 {NANORT_KARG_LOCAL, L * sizeof(int), NULL},
                                 {NANORT_KARG_VALUE, sizeof a->n, &a->n}};
    struct nanort_launch l = {NULL, 1, {(size_t)a->n}, {L}, L * sizeof(int), 4, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info info = {"group_sums", NULL};
static struct nanort_impl impls[] = {{NANORT_DEVICE_OPENCL, sums_ocl, "sums_ocl", &info}};
static struct nanort_task_type type = {"group_sums", __FILE__, 1, impls, NULL};

int main(void)
{
    nanort_opencl_source("sums.cl", source, NULL);
    oclt_require(1);
    static int x[N], sums[NB][GROUPS];
    for (int i = 0; i < N; i++)
        x[i] = (i * 7919) % 1000 - 500;
    for (int b = 0; b < NB; b++) {
        void *p;
        nanort_task *t = nanort_task_create(&type, sizeof(struct gargs), 2, 2, &p);
        *(struct gargs *)p = (struct gargs){x + b * (N / NB), sums[b], N / NB};
        nanort_task_region1(t, NANORT_DEP_IN | NANORT_COPY_IN, x + b * (N / NB),
                            N / NB * sizeof(int));
        nanort_task_region1(t, NANORT_DEP_OUT | NANORT_COPY_OUT, sums[b], sizeof sums[b]);
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
    for (int b = 0; b < NB; b++)
        for (int g = 0; g < GROUPS; g++) {
            int want = 0;
            for (int i = g * L; i < (g + 1) * L && i < N / NB; i++)
                want += x[b * (N / NB) + i];
            OCLT_CHECK(sums[b][g] == want, "block %d group %d: %d, expected %d", b, g,
                       sums[b][g], want);
        }
    printf("local_arg: %d groups of %d summed in local memory\n", NB * GROUPS, L);
    return 0;
}
