/*
 * clcpu.c - OpenCL kernels translated to C by mcc, run on the smp workers.
 *
 * mcc turns every kernel of the program's OpenCL C into a function that runs a range of
 * work-groups of a launch (mcc/ocl_kernel.c) and registers it from a constructor
 * (nanort_opencl_cpu_kernel).  A task type with an OpenCL implementation of a registered
 * kernel gets one more implementation: smp, the same run function, its device_info the
 * registered kernel.  That run function binds the arguments and calls
 * nanort_kernel_launch() as for an OpenCL device; on a worker the launch comes here
 * (device.c): the work-groups of the ndrange are cut into a bounded number of chunks,
 * child tasks of the running task that the workers take (balanced by stealing), and the
 * task waits for them.  The versioning scheduler chooses between it and the type's other
 * implementations like between any others.
 *
 * --opencl-cpu=auto (default) adds the implementation, =on makes it the only one of the
 * types it is added to (tests run the translations that way), =off never adds it.
 *
 * The registry is filled by constructors before main, and by nothing afterwards but
 * libraries loaded later; registry_lock guards it all the same.  Types are extended
 * under nrt_types_lock, when their runtime data is made (task.c) or, for types made
 * before the runtime started (implements across units, from constructors), at start.
 */
#include "nrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --opencl-cpu: X(enum constant, name, help) */
#define CLCPU_MODES(X)                                                                     \
    X(CLCPU_AUTO, "auto",                                                                  \
      "one more implementation of their tasks, chosen like the others; with "              \
      "--disable-opencl or no OpenCL library, what runs them")                             \
    X(CLCPU_ON, "on", "the only implementation of the tasks whose kernel was translated")  \
    X(CLCPU_OFF, "off", "never")
enum clcpu_mode { CLCPU_MODES(NRT_ENUM_ENTRY) };
static int mode_opt = CLCPU_AUTO;       /* --opencl-cpu (the option's storage) */
static enum clcpu_mode mode;
static bool ready;                      /* nrt_types_lock: the configuration is read */

static const struct nrt_option clcpu_options[] = {
    {"opencl-cpu", NRT_OPT_CHOICE, "auto",
     "OpenCL kernels translated to C by mcc, run on the smp workers", &mode_opt,
     NRT_CHOICES(CLCPU_MODES)},
};

__attribute__((constructor(150))) static void clcpu_register_options(void)
{
    nrt_config_add(clcpu_options, sizeof clcpu_options / sizeof clcpu_options[0]);
}

/* ---- the registry -------------------------------------------------------------------------- */

/* A registered kernel and the task type its chunks of work-groups run as. */
struct clcpu_kernel {
    const struct nanort_opencl_cpu_kernel *k;
    struct nanort_task_type chunk_type;
    struct nanort_impl chunk_impl;
    char label[96];
    struct clcpu_kernel *next;
};

static struct nrt_lock registry_lock = NRT_LOCK_INITIALIZER;
static struct clcpu_kernel *registry;  /* registry_lock */

static void run_chunk(void *args, nanort_ctx *ctx);

void nanort_opencl_cpu_misaligned(const char *kernel, const char *arg, const void *p,
                                  size_t align)
{
    nrt_fatal("kernel '%s' translated to C (--opencl-cpu): its buffer argument '%s' is %p, "
              "not a multiple of %zu bytes, the alignment of its element type, which OpenCL C "
              "requires, and it is in none of the task's dependences, of which the runtime "
              "would make an aligned copy (as an OpenCL device does); name the data it points "
              "at in the task's in/out/inout, pass data that starts at a multiple of %zu bytes "
              "(blocks of whole vectors), or run with NX_ARGS=--opencl-cpu=off", kernel, arg,
              p, align, align);
}

void nanort_opencl_cpu_kernel(const struct nanort_opencl_cpu_kernel *k)
{
    nrt_lock_acquire(&registry_lock);
    for (struct clcpu_kernel *r = registry; r; r = r->next)
        if (!strcmp(r->k->source, k->source) && !strcmp(r->k->kernel, k->kernel)) {
            nrt_lock_release(&registry_lock);
            return;
        }
    struct clcpu_kernel *r = nrt_xcalloc(1, sizeof *r);
    r->k = k;
    snprintf(r->label, sizeof r->label, "%s (work-groups)", k->kernel);
    r->chunk_impl = (struct nanort_impl){NANORT_DEVICE_SMP, run_chunk, r->label, NULL};
    r->chunk_type = (struct nanort_task_type){r->label, k->source, 1, &r->chunk_impl, NULL};
    r->next = registry;
    registry = r;
    nrt_lock_release(&registry_lock);
}

/* The translation of an OpenCL implementation's kernel: its name, in the source file(...)
 * names (as given to mcc, else by its last component), else in any source. */
static const struct nanort_opencl_cpu_kernel *lookup(const struct nanort_opencl_info *info)
{
    const struct nanort_opencl_cpu_kernel *found = NULL;
    int best = 0;
    nrt_lock_acquire(&registry_lock);
    for (struct clcpu_kernel *r = registry; r && best < 2; r = r->next) {
        if (strcmp(r->k->kernel, info->kernel))
            continue;
        int m = info->file ? nrt_cl_file_match(r->k->source, info->file) : 2;
        if (m > best)
            found = r->k, best = m;
    }
    nrt_lock_release(&registry_lock);
    return found;
}

bool nrt_clcpu_arg_is_buffer(const struct nanort_opencl_info *info, unsigned i)
{
    const struct nanort_opencl_cpu_kernel *k = lookup(info);
    return k && i < k->nargs && k->arg_kinds[i] == NANORT_KARG_BUFFER;
}

static struct clcpu_kernel *entry_of(const struct nanort_opencl_cpu_kernel *k)
{
    nrt_lock_acquire(&registry_lock);
    struct clcpu_kernel *r = registry;
    while (r && r->k != k)
        r = r->next;
    nrt_lock_release(&registry_lock);
    return r;
}

/* ---- task types ----------------------------------------------------------------------------- */

static void push_impl(struct nrt_type_info *info, const struct nanort_impl *impl)
{
    if (info->nimpls == info->cap) {
        info->cap = info->cap ? 2 * info->cap : 4;
        info->impls = nrt_xrealloc(info->impls, info->cap * sizeof *info->impls);
    }
    info->impls[info->nimpls++] = impl;
}

void nrt_clcpu_extend(struct nrt_type_info *info)
{
    if (!ready || mode == CLCPU_OFF)
        return;
    unsigned n = info->nimpls, added = 0;
    bool rejected = false;      /* a kernel OpenCL compilers reject: OpenCL impls go */
    for (unsigned i = 0; i < n; i++) {
        const struct nanort_impl *impl = info->impls[i];
        if (impl->device != NANORT_DEVICE_OPENCL || !impl->device_info)
            continue;
        const struct nanort_opencl_cpu_kernel *k = lookup(impl->device_info);
        if (!k)
            continue;
        bool have = false;
        for (unsigned j = 0; j < info->nimpls; j++)
            have |= nrt_clcpu_impl(info->impls[j]) && info->impls[j]->run == impl->run;
        if (have)
            continue;
        struct nanort_impl *v = nrt_xcalloc(1, sizeof *v);
        size_t len = strlen(impl->name ? impl->name : k->kernel) + 4;
        char *name = nrt_xmalloc(len);
        snprintf(name, len, "%s(C)", impl->name ? impl->name : k->kernel);
        *v = (struct nanort_impl){NANORT_DEVICE_SMP, impl->run, name, k};
        push_impl(info, v);
        added++;
        rejected |= k->not_opencl_c != 0;
    }
    if (rejected) {
        /* those OpenCL implementations would only fail to build: drop them */
        unsigned m = 0;
        bool dev = false;
        for (unsigned i = 0; i < info->nimpls; i++) {
            const struct nanort_impl *impl = info->impls[i];
            const struct nanort_opencl_cpu_kernel *k =
                impl->device == NANORT_DEVICE_OPENCL && impl->device_info
                    ? lookup(impl->device_info) : NULL;
            if (k && k->not_opencl_c)
                continue;
            info->impls[m++] = impl;
            dev |= impl->device != NANORT_DEVICE_SMP;
        }
        info->nimpls = m;
        info->has_dev = dev;
    }
    if (mode != CLCPU_ON)
        return;
    /* on: the translations are all the type runs (when it has any) */
    bool any = false;
    for (unsigned i = 0; i < info->nimpls; i++)
        any |= nrt_clcpu_impl(info->impls[i]);
    if (!any)
        return;
    unsigned m = 0;
    for (unsigned i = 0; i < info->nimpls; i++)
        if (nrt_clcpu_impl(info->impls[i]))
            info->impls[m++] = info->impls[i];
    info->nimpls = m;
    info->has_dev = false;
    (void)added;
}

bool nrt_clcpu_type(const struct nrt_type_info *info)
{
    for (unsigned i = 0; i < info->nimpls; i++)
        if (nrt_clcpu_impl(info->impls[i]))
            return true;
    return false;
}

void nrt_clcpu_start(void)
{
    mode = (enum clcpu_mode)mode_opt;
    nrt_lock_acquire(&nrt_types_lock);
    ready = true;
    for (struct nrt_type_info *t = nrt_types; t; t = t->next)
        nrt_clcpu_extend(t);
    nrt_lock_release(&nrt_types_lock);
}

/* ---- launches -------------------------------------------------------------------------------- */

struct chunk {
    const struct nanort_cl_range *r;
    nanort_cl_groups_fn *run;
    size_t first, count;
};

static void run_chunk(void *args, nanort_ctx *ctx)
{
    const struct chunk *c = args;
    (void)ctx;
    c->run(c->r, c->first, c->count);
}

static const char *const karg_names[] = {"a value", "a buffer (__global or __constant)",
                                         "__local memory"};

static void check_args(const nanort_ctx *ctx, const char *label,
                       const struct nanort_opencl_cpu_kernel *k, const struct nanort_launch *l)
{
    if (l->nargs != k->nargs)
        nrt_fatal("task '%s': kernel '%s' takes %u arguments but the launch passes %u (check "
                  "the parameters of the task against the kernel's)", label, k->kernel,
                  k->nargs, l->nargs);
    for (unsigned i = 0; i < k->nargs; i++) {
        unsigned want = k->arg_kinds[i], got = l->args[i].kind;
        if (want == NANORT_KARG_BUFFER && got == NANORT_KARG_LOCAL)
            nrt_karg_not_copied(ctx, i, k->kernel);
        if (got > 2 || want > 2 || got != want)
            nrt_fatal("task '%s': argument %u of kernel '%s' is %s but the task passes %s (a "
                      "pointer the task copies is a buffer, another pointer __local memory of "
                      "shmem(...) bytes)", label, i, k->kernel, karg_names[want > 2 ? 0 : want],
                      karg_names[got > 2 ? 0 : got]);
        if (want == NANORT_KARG_LOCAL && l->args[i].size == 0)
            nrt_karg_local_empty(ctx, i, k->kernel);    /* it corrupted the heap */
        if (want == NANORT_KARG_VALUE && l->args[i].size != k->arg_sizes[i])
            nrt_fatal("task '%s': argument %u of kernel '%s' has %zu bytes in the kernel but "
                      "%zu in the task (the task's parameter must have the kernel's type)",
                      label, i, k->kernel, k->arg_sizes[i], l->args[i].size);
    }
}

/* ---- buffers not aligned for their kernel --------------------------------------------------- */

/* OpenCL C requires a buffer to start at a multiple of its element's alignment (16 bytes
 * for a float4 *); an OpenCL device works on its own copy of the task's region, which it
 * allocates aligned, so `&x[2]` runs there.  The translation works on the host's memory
 * itself: such a buffer runs on an aligned copy of the region of the task that holds it,
 * written back after the launch if the task writes the region.  Other buffers in a copied
 * region point into the copy (the kernel sees one array).  At most one copy per region. */
struct stage {
    const struct nrt_region *r;
    char *mem, *base;           /* malloc'd block; the region's byte r->lo in the copy */
};

/* The bytes of region r between the host and its copy (r->lo at `base`), each way. */
static void region_bytes(const struct nrt_region *r, char *base, bool to_copy)
{
    struct nrt_chunk_it it;
    uintptr_t lo, hi;
    for (nrt_chunk_start(&it, r); nrt_chunk_next(&it, &lo, &hi);)
        if (to_copy)
            memcpy(base + (lo - r->lo), (const void *)lo, hi - lo);
        else
            memcpy((void *)lo, base + (lo - r->lo), hi - lo);
}

static const struct nrt_region *region_holding(const nanort_task *t, uintptr_t p)
{
    for (unsigned i = 0; i < t->nregions; i++)         /* the region it is the base of */
        if ((uintptr_t)t->regions[i].base == p && t->regions[i].nd)
            return &t->regions[i];
    for (unsigned i = 0; i < t->nregions; i++)
        if (t->regions[i].nd && t->regions[i].lo <= p && p < t->regions[i].hi)
            return &t->regions[i];
    return NULL;
}

/* Copies for the misaligned buffers of the launch, their pointers (bufs) moved into them;
 * returns how many copies were made (in st, at most nargs). */
static unsigned stage_misaligned(const nanort_ctx *ctx, const struct nanort_opencl_cpu_kernel *k,
                                 const struct nanort_launch *l, const void **bufs,
                                 struct stage *st)
{
    unsigned n = 0;
    if (!k->arg_align || !ctx->task)
        return 0;
    for (unsigned i = 0; i < k->nargs; i++) {
        size_t a = k->arg_align[i];
        uintptr_t p = (uintptr_t)l->args[i].ptr;
        if (l->args[i].kind != NANORT_KARG_BUFFER || a < 2 || !p || p % a == 0)
            continue;
        const struct nrt_region *r = region_holding(ctx->task, p);
        bool have = false;
        for (unsigned j = 0; j < n; j++)
            have |= st[j].r == r;
        if (!r || have)
            continue;   /* in no region: the kernel's own check says so; one copy a region */
        /* p - r->lo wraps when p precedes the region (a section v[2;n] of parameter v):
         * modulo a power of two the arithmetic still places p's byte right */
        size_t bytes = r->hi - r->lo;
        char *mem = nrt_xmalloc(bytes + a);
        /* the copy's start such that p's byte lands at a multiple of a */
        size_t shift = (a - ((uintptr_t)mem + (p - r->lo)) % a) % a;
        char *base = mem + shift;
        region_bytes(r, base, true);
        st[n++] = (struct stage){r, mem, base};
    }
    for (unsigned i = 0; i < k->nargs && n; i++) {
        uintptr_t p = (uintptr_t)l->args[i].ptr;
        const struct nrt_region *r = l->args[i].kind == NANORT_KARG_BUFFER && p
                                         ? region_holding(ctx->task, p) : NULL;
        for (unsigned j = 0; j < n && r; j++)
            if (st[j].r == r) {
                bufs[i] = st[j].base + (p - r->lo);     /* p may precede r->lo (v[2;n]) */
                break;
            }
    }
    return n;
}

/* After the launch: the regions the task writes get their copy's bytes back. */
static void unstage(struct stage *st, unsigned n)
{
    for (unsigned j = 0; j < n; j++) {
        if ((st[j].r->flags & NANORT_DEP_MODE_MASK) != NANORT_DEP_IN)
            region_bytes(st[j].r, st[j].base, false);
        free(st[j].mem);
    }
}

/* A local size for dimension d when the launch leaves it to us: one that divides the
 * global size (as OpenCL 1.2 requires of its own choice), leaving enough groups for
 * every worker to take several. */
static size_t choose_local(size_t global, int d)
{
    if (d > 0 || global <= 1)
        return 1;
    size_t want = global / (size_t)(4 * (nrt_nworkers > 0 ? nrt_nworkers : 1));
    if (want > 1024)
        want = 1024;
    for (size_t l = want; l > 1; l--)
        if (global % l == 0)
            return l;
    return 1;
}

void nrt_clcpu_launch(nanort_ctx *ctx, const struct nanort_launch *l)
{
    const struct nanort_opencl_cpu_kernel *k = ctx->impl->device_info;
    const char *label = ctx->task && ctx->task->type->label ? ctx->task->type->label : "?";
    check_args(ctx, label, k, l);
    struct nanort_cl_range r = {.work_dim = l->ndims};
    bool given = false, reqd = k->reqd_local[0] > 0;
    for (unsigned d = 0; d < l->ndims; d++)
        given |= l->local[d] != 0;
    size_t ngroups = 1;
    for (int d = 0; d < 3; d++) {
        size_t g = (unsigned)d < l->ndims ? l->global[d] : 1;
        size_t loc = (unsigned)d < l->ndims ? l->local[d] : 1;
        if (reqd) {
            size_t want = (size_t)k->reqd_local[d] > 0 ? (size_t)k->reqd_local[d] : 1;
            if (given && loc != want)
                nrt_fatal("task '%s': kernel '%s' requires work-groups of %ld x %ld x %ld "
                          "(reqd_work_group_size) but the launch asks for %zu x %zu x %zu; "
                          "change the local sizes of ndrange(...)", label, k->kernel,
                          k->reqd_local[0], k->reqd_local[1], k->reqd_local[2], l->local[0],
                          l->ndims > 1 ? l->local[1] : 1, l->ndims > 2 ? l->local[2] : 1);
            loc = want;
        } else if (!given) {
            loc = choose_local(g, d);
        }
        if (loc == 0)
            nrt_fatal("task '%s': a local size of 0 in dimension %d of kernel '%s' (give all "
                      "local sizes, or none)", label, d, k->kernel);
        if (g > 0x7fffffff - loc || loc > 0x7fffffff)
            nrt_fatal("task '%s': kernel '%s' launched over %zu work-items in dimension %d; its "
                      "translation to C takes fewer than 2^31 (run it on an OpenCL device: "
                      "--opencl-cpu=off)", label, k->kernel, g, d);
        r.local_size[d] = loc;
        r.global_size[d] = (g + loc - 1) / loc * loc;
        r.num_groups[d] = r.global_size[d] / loc;
        ngroups *= r.num_groups[d];
    }
    /* A kernel that cannot tell its work-groups apart: cut its range into fewer, longer
     * groups (long work-item loops along dimension 0: fewer exits, wider vector loops),
     * still dividing the global size, a few per worker. */
    if (k->group_free && r.global_size[0] > 0) {
        size_t rows = r.global_size[1] * r.global_size[2];
        size_t want = (size_t)4 * (size_t)(nrt_nworkers > 0 ? nrt_nworkers : 1);
        size_t g0 = r.global_size[0], best = r.local_size[0];
        size_t cap = g0 * rows / want;  /* no more per group than leaves `want` groups */
        if (cap > 65536)
            cap = 65536;
        if (cap > g0)
            cap = g0;
        for (size_t l = cap, tries = 0; l > best && tries < 4096; l--, tries++)
            if (g0 % l == 0) {
                best = l;
                break;
            }
        if (best != r.local_size[0] || r.local_size[1] != 1 || r.local_size[2] != 1) {
            r.local_size[0] = best;
            r.local_size[1] = r.local_size[2] = 1;
            ngroups = 1;
            for (int d = 0; d < 3; d++) {
                r.num_groups[d] = r.global_size[d] / r.local_size[d];
                ngroups *= r.num_groups[d];
            }
        }
    }
    /* arguments: values in place, buffers as their host pointers (smp: host memory) */
    const void *argv[k->nargs ? k->nargs : 1];
    size_t sizes[k->nargs ? k->nargs : 1];
    const void *bufs[k->nargs ? k->nargs : 1];
    for (unsigned i = 0; i < k->nargs; i++) {
        const struct nanort_karg *a = &l->args[i];
        sizes[i] = a->size;
        bufs[i] = a->ptr;
        argv[i] = a->kind == NANORT_KARG_VALUE ? a->ptr : a->kind == NANORT_KARG_BUFFER
                                                              ? (const void *)&bufs[i] : NULL;
    }
    r.args = argv;
    r.arg_size = sizes;
    if (ngroups == 0 || r.global_size[0] == 0)
        return;
    struct stage st[k->nargs ? k->nargs : 1];
    unsigned nst = stage_misaligned(ctx, k, l, bufs, st);
    /* chunks of groups: a few per worker, the workers steal them */
    size_t nchunks = (size_t)4 * (size_t)(nrt_nworkers > 0 ? nrt_nworkers : 1);
    if (nchunks > ngroups)
        nchunks = ngroups;
    struct clcpu_kernel *e = nchunks > 1 ? entry_of(k) : NULL;
    if (!e) {
        k->run(&r, 0, ngroups);     /* one chunk, or a kernel given by hand (never registered) */
    } else {
        for (size_t c = 0; c < nchunks; c++) {
            size_t first = ngroups * c / nchunks, last = ngroups * (c + 1) / nchunks;
            void *args;
            nanort_task *t = nanort_task_create(&e->chunk_type, sizeof(struct chunk), 0, 0,
                                                &args);
            *(struct chunk *)args = (struct chunk){&r, k->run, first, last - first};
            nanort_task_submit(t, 0, 0);
        }
        nanort_taskwait_noflush();
    }
    unstage(st, nst);
}
