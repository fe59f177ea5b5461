/*
 * random_graph.c - random task graphs over 16 blocks of 128 words, with task types that
 * have an smp and an OpenCL implementation (and some only one of them), checked against a
 * sequential run (like tests/stress/stress.c, without nesting).
 *
 *   random_graph [SEEDS [TASKS [FIRST_SEED]]]       (defaults 4 300 1)
 *
 * Each task names 1-3 distinct blocks with modes in / out / inout (at least one written),
 * each block described either as its own region (base = the block) or as a row of the
 * 16 x 128 matrix (base = the matrix: the kernel's buffer then starts at the matrix and
 * the block is a sub-buffer).  The body, the same in C and OpenCL C: h = hash of the id
 * and of the read blocks at index i; written blocks get x*3 + h + k (inout) or h + k
 * (out).  smp tasks set the blocks at the start of each graph.  At random points main waits on one block (taskwait on) and compares it with
 * the sequential state; at the end of each graph, taskwait and compare everything.
 * Exit 0 when everything matched.
 */
#include "oclt.h"

static const char *source =
    "__kernel void rg_body(__global uint *b0, __global uint *b1, __global uint *b2,\n"
    "                      uint nr, uint modes, uint id, uint w) {\n"
    "    uint i = get_global_id(0);\n"
    "    if (i >= w) return;\n"
    "    uint h = id;\n"
    "    for (uint k = 0; k < nr; k++) {\n"
    "        __global uint *b = k == 0 ? b0 : k == 1 ? b1 : b2;\n"
    "        uint m = (modes >> (2 * k)) & 3;\n"
    "        if (m == 1 || m == 3) h = h * 31u + b[i];\n"
    "    }\n"
    "    for (uint k = 0; k < nr; k++) {\n"
    "        __global uint *b = k == 0 ? b0 : k == 1 ? b1 : b2;\n"
    "        uint m = (modes >> (2 * k)) & 3;\n"
    "        if (m == 2) b[i] = h + k;\n"
    "        else if (m == 3) b[i] = b[i] * 3u + h + k;\n"
    "    }\n"
    "}\n";

enum { NBLK = 16, W = 128, MAXR = 3 };

static unsigned D[NBLK][W], R[NBLK][W];

struct rg_args { unsigned *b[MAXR]; unsigned nr, modes, id, w; };

static void body(unsigned *const *b, unsigned nr, unsigned modes, unsigned id, unsigned i)
{
    unsigned h = id;
    for (unsigned k = 0; k < nr; k++) {
        unsigned m = (modes >> (2 * k)) & 3;
        if (m == 1 || m == 3)
            h = h * 31u + b[k][i];
    }
    for (unsigned k = 0; k < nr; k++) {
        unsigned m = (modes >> (2 * k)) & 3;
        if (m == 2)
            b[k][i] = h + k;
        else if (m == 3)
            b[k][i] = b[k][i] * 3u + h + k;
    }
}

static void rg_smp(void *p, nanort_ctx *ctx)
{
    struct rg_args *a = p;
    (void)ctx;
    for (unsigned i = 0; i < a->w; i++)
        body(a->b, a->nr, a->modes, a->id, i);
}

static void rg_ocl(void *p, nanort_ctx *ctx)
{
    struct rg_args *a = p;
    struct nanort_karg args[] = {
        {NANORT_KARG_BUFFER, sizeof(void *), a->b[0]}, {NANORT_KARG_BUFFER, sizeof(void *), a->b[1]},
        {NANORT_KARG_BUFFER, sizeof(void *), a->b[2]}, {NANORT_KARG_VALUE, 4, &a->nr},
        {NANORT_KARG_VALUE, 4, &a->modes}, {NANORT_KARG_VALUE, 4, &a->id},
        {NANORT_KARG_VALUE, 4, &a->w}};
    struct nanort_launch l = {NULL, 1, {W}, {32}, 0, 7, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info rg_info = {"rg_body", NULL};
static struct nanort_impl both_impls[] = {{NANORT_DEVICE_SMP, rg_smp, "rg_smp", NULL},
                                          {NANORT_DEVICE_OPENCL, rg_ocl, "rg_ocl", &rg_info}};
static struct nanort_impl ocl_impls[] = {{NANORT_DEVICE_OPENCL, rg_ocl, "rg_ocl", &rg_info}};
static struct nanort_impl smp_impls[] = {{NANORT_DEVICE_SMP, rg_smp, "rg_smp", NULL}};
static struct nanort_task_type types[3] = {{"rg_both", __FILE__, 2, both_impls, NULL},
                                           {"rg_opencl", __FILE__, 1, ocl_impls, NULL},
                                           {"rg_smp", __FILE__, 1, smp_impls, NULL}};

static unsigned long long rng;
static unsigned rnd(unsigned n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33) % n;
}

/* Create one random task and apply it to the sequential copy. */
static void random_task(unsigned id)
{
    unsigned nr = 1 + rnd(MAXR), blk[MAXR], modes = 0;
    for (unsigned k = 0; k < nr; k++) {
        bool dup;
        do {
            blk[k] = rnd(NBLK);
            dup = false;
            for (unsigned j = 0; j < k; j++)
                dup |= blk[j] == blk[k];
        } while (dup);
        modes |= (1 + rnd(3)) << (2 * k);
    }
    if (!(modes & (2u << (2 * (nr - 1)))))
        modes |= 3u << (2 * (nr - 1));      /* the last region is written */
    void *p;
    nanort_task *t = nanort_task_create(&types[rnd(4) % 3], sizeof(struct rg_args), nr,
                                        2 * nr, &p);
    struct rg_args *a = p;
    *a = (struct rg_args){{NULL, NULL, NULL}, nr, modes, id, W};
    unsigned *ref[MAXR];
    for (unsigned k = 0; k < nr; k++) {
        unsigned m = (modes >> (2 * k)) & 3;
        unsigned flags = m | (m & 1 ? NANORT_COPY_IN : 0) | (m & 2 ? NANORT_COPY_OUT : 0);
        a->b[k] = D[blk[k]];
        ref[k] = R[blk[k]];
        if (rnd(2)) {
            nanort_task_region1(t, flags, D[blk[k]], sizeof D[0]);
        } else {
            struct nanort_dim d[2] = {{sizeof D[0], 0, sizeof D[0]}, {NBLK, blk[k], 1}};
            nanort_task_region(t, flags, D, 2, d);
        }
    }
    nanort_task_submit(t, 0, 0);
    for (unsigned i = 0; i < W; i++)
        body(ref, nr, modes, id, i);
}

static int compare(unsigned b0, unsigned b1, unsigned seed, const char *when)
{
    for (unsigned b = b0; b < b1; b++)
        for (unsigned i = 0; i < W; i++)
            if (D[b][i] != R[b][i]) {
                printf("seed %u: %s: block %u word %u is %u, sequential %u\n", seed, when, b,
                       i, D[b][i], R[b][i]);
                return 1;
            }
    return 0;
}

/* The blocks are set by smp tasks: device copies left by the previous graph are then
 * stale in the cache's eyes (main writing them directly would not tell the cache). */
struct init_args { unsigned *b, v; };
static void init_smp(void *p, nanort_ctx *ctx)
{
    struct init_args *a = p;
    (void)ctx;
    for (unsigned i = 0; i < W; i++)
        a->b[i] = a->v + i;
}
static struct nanort_impl init_impls[] = {{NANORT_DEVICE_SMP, init_smp, "init_smp", NULL}};
static struct nanort_task_type init_type = {"rg_init", __FILE__, 1, init_impls, NULL};

static int run_graph(unsigned seed, unsigned ntasks)
{
    rng = seed;
    for (unsigned b = 0; b < NBLK; b++) {
        void *p;
        nanort_task *t = nanort_task_create(&init_type, sizeof(struct init_args), 1, 1, &p);
        *(struct init_args *)p = (struct init_args){D[b], b * 1000};
        nanort_task_region1(t, NANORT_DEP_OUT, D[b], sizeof D[b]);
        nanort_task_submit(t, 0, 0);
        for (unsigned i = 0; i < W; i++)
            R[b][i] = b * 1000 + i;
    }
    for (unsigned n = 0; n < ntasks; n++) {
        random_task(n);
        if (rnd(50) == 0) {
            unsigned b = rnd(NBLK);
            nanort_taskwait_on1(D[b], sizeof D[b]);
            if (compare(b, b + 1, seed, "taskwait on"))
                return 1;
        }
    }
    nanort_taskwait();
    return compare(0, NBLK, seed, "taskwait");
}

int main(int argc, char **argv)
{
    unsigned seeds = argc > 1 ? (unsigned)atoi(argv[1]) : 4;
    unsigned ntasks = argc > 2 ? (unsigned)atoi(argv[2]) : 300;
    unsigned first = argc > 3 ? (unsigned)atoi(argv[3]) : 1;
    nanort_opencl_source("random_graph.cl", source, NULL);
    oclt_require(1);
    for (unsigned s = first; s < first + seeds; s++)
        if (run_graph(s, ntasks))
            return 1;
    oclt_print_stats();
    unsigned long dev_tasks = 0;
    for (int s = 1; s < nrt_nspaces; s++)
        dev_tasks += oclt_stat(&nrt_spaces[s]->stats.tasks);
    OCLT_CHECK(dev_tasks > 0 || oclt_translated(), "no task ran on an OpenCL device");
    printf("random_graph: %u graphs of %u tasks right (%lu on OpenCL devices)\n", seeds, ntasks,
           dev_tasks);
    return 0;
}
