/*
 * cuda_compute.c - the CUDA compute hooks, called on a GPU's manager thread: order the
 * kernel stream after the task's copies, launch kernels (nanort_kernel_launch), and give
 * the event of the task's completion.
 *
 * Everything a task does on the GPU goes on the kernel stream begin() gives it (the tasks
 * in flight take the device's --gpu-streams streams in turn): the launches of generated
 * code, and the user's own launches on nanos_get_kernel_execution_stream().  Tasks in
 * flight together are independent (the core starts a task once its predecessors
 * finished), so their kernels may overlap; what a task needs copied first, its stream
 * waits for by the copies' events.
 */
#include "cuda.h"

#include <string.h>

/* The context's "task 'L', implementation 'I'" for messages. */
static void describe(char *out, size_t n, const nanort_ctx *ctx)
{
    const char *label = ctx->task && ctx->task->type->label ? ctx->task->type->label : "?";
    const char *impl = ctx->impl && ctx->impl->name ? ctx->impl->name : "?";
    snprintf(out, n, "task '%s', implementation '%s'", label, impl);
}

static void cuda_begin(struct nrt_space *s, nanort_ctx *ctx, unsigned nevents,
                       const nrt_event *ev)
{
    struct cuda_dev *d = cuda_dev(s);
    char what[160];
    describe(what, sizeof what, ctx);
    cuda_use(d);
    /* The manager runs begin, the implementation and end of one task after the other:
     * the stream lives in the device's array, the context points at it until end. */
    ctx->device_data = &d->kstreams[d->knext++ % d->nkstreams];
    cudaStream_t stream = cuda_task_stream(d, ctx);
    for (unsigned i = 0; i < nevents; i++) {
        cudaError_t rc = cudaStreamWaitEvent(stream, ((struct cuda_event *)ev[i])->ev, 0);
        if (rc != cudaSuccess)
            cuda_fail("cudaStreamWaitEvent", rc, what, d->index);
    }
    /* The device timeline: the task's kernels start after its copies and the kernels
     * before it on its stream, i.e. when the stream passes this event. */
    NRT_ASSERT(d->kstart == NULL);
    d->kstart = cuda_mark(d, stream, what);
}

/* Threads per block when the ndrange gives no local size. */
static void default_block(unsigned ndims, size_t local[3])
{
    static const size_t dflt[3][3] = {{256, 1, 1}, {16, 16, 1}, {8, 8, 4}};
    memcpy(local, dflt[ndims - 1], 3 * sizeof local[0]);
}

static void __attribute__((noreturn)) bad_shape(const nanort_ctx *ctx, const char *why,
                                                int gpu)
{
    char what[160];
    describe(what, sizeof what, ctx);
    nrt_fatal("%s: %s on GPU %d: fix the ndrange clause", what, why, gpu);
}

/* The kernel's own limits (its registers and static shared memory), asked once. */
static const struct cuda_kfunc *kernel_limits(struct cuda_dev *d, const nanort_ctx *ctx,
                                              const void *kernel)
{
    for (unsigned i = 0; i < d->nkfunc; i++)
        if (d->kfunc[i].kernel == kernel)
            return &d->kfunc[i];
    struct cudaFuncAttributes fa;
    cudaError_t rc = cudaFuncGetAttributes(&fa, kernel);
    if (rc != cudaSuccess) {
        char what[160];
        describe(what, sizeof what, ctx);
        cuda_fail("cudaFuncGetAttributes", rc, what, d->index);
    }
    struct cuda_kfunc *f = &d->kfunc[d->nkfunc < 32 ? d->nkfunc++ : 31];
    *f = (struct cuda_kfunc){kernel, fa.maxThreadsPerBlock, fa.maxDynamicSharedSizeBytes};
    return f;
}

/* grid = ceil(global / local) per dimension, block = local; false: nothing to run.  Sizes
 * the GPU cannot take stop the run with the limit they break (nrt_launch_refuse); negative
 * and partial sizes were refused by nanort_kernel_launch. */
static bool launch_shape(struct cuda_dev *d, const nanort_ctx *ctx,
                         const struct nanort_launch *l, dim3 *grid, dim3 *block)
{
    size_t local[3] = {l->local[0], l->local[1], l->local[2]}, g[3] = {1, 1, 1}, b[3];
    if (!local[0] && !local[1] && !local[2])
        default_block(l->ndims, local);
    for (unsigned k = 0; k < 3; k++) {
        size_t glob = k < l->ndims ? l->global[k] : 1;
        b[k] = k < l->ndims && local[k] ? local[k] : 1;
        if (glob == 0)
            return false;
        g[k] = glob / b[k] + (glob % b[k] != 0);
        if (b[k] > (size_t)d->max_block[k])
            nrt_launch_refuse(ctx, l, "a block size of %zu in dimension %u is more than the %d "
                              "the GPU allows (maxThreadsDim)", b[k], k + 1, d->max_block[k]);
        if (g[k] > (size_t)d->max_grid[k])
            nrt_launch_refuse(ctx, l, "%zu blocks in dimension %u are more than the %d the GPU "
                              "allows (maxGridSize)", g[k], k + 1, d->max_grid[k]);
    }
    size_t threads = b[0] * b[1] * b[2];
    if (threads > (size_t)d->max_threads)
        nrt_launch_refuse(ctx, l, "a block of %zu threads is more than the %d the GPU allows "
                          "(maxThreadsPerBlock)", threads, d->max_threads);
    const struct cuda_kfunc *f = kernel_limits(d, ctx, l->kernel);
    if (threads > (size_t)f->max_threads)
        nrt_launch_refuse(ctx, l, "a block of %zu threads is more than the %d this kernel can "
                          "have (its registers)", threads, f->max_threads);
    if (l->shmem > (size_t)f->max_dyn_shmem)
        nrt_launch_refuse(ctx, l, "shmem(%zu) is more than the %d bytes of dynamic shared "
                          "memory this kernel may have on the GPU", l->shmem, f->max_dyn_shmem);
    *grid = (dim3){(unsigned)g[0], (unsigned)g[1], (unsigned)g[2]};
    *block = (dim3){(unsigned)b[0], (unsigned)b[1], (unsigned)b[2]};
    return true;
}

#define CUDA_MAX_KARGS 64

/* cudaLaunchKernel takes the address of every argument's value. */
static void launch_args(nanort_ctx *ctx, const struct nanort_launch *l, void **argv,
                        void **dptr, int gpu)
{
    if (l->nargs > CUDA_MAX_KARGS)
        bad_shape(ctx, "more than 64 kernel arguments", gpu);
    for (unsigned i = 0; i < l->nargs; i++) {
        const struct nanort_karg *a = &l->args[i];
        switch (a->kind) {
        case NANORT_KARG_VALUE:
            argv[i] = (void *)a->ptr;
            break;
        case NANORT_KARG_BUFFER:
            dptr[i] = nanort_device_ptr(ctx, a->ptr);
            argv[i] = &dptr[i];
            break;
        default:
            bad_shape(ctx, "an OpenCL __local argument in a CUDA launch (use shmem(...))", gpu);
        }
    }
}

static void cuda_launch(struct nrt_space *s, nanort_ctx *ctx, const struct nanort_launch *l)
{
    struct cuda_dev *d = cuda_dev(s);
    void *argv[CUDA_MAX_KARGS], *dptr[CUDA_MAX_KARGS];
    dim3 grid, block;
    if (!l->kernel) {   /* the stub found neither a C nor a C++ symbol of the kernel */
        char what[160];
        describe(what, sizeof what, ctx);
        nrt_fatal("%s: the kernel's __global__ function is not defined in the program: "
                  "compile the .cu file that defines it (nvcc -c) and link its object", what);
    }
    if (!launch_shape(d, ctx, l, &grid, &block))
        return;
    launch_args(ctx, l, argv, dptr, d->index);
    cuda_use(d);
    cudaError_t rc = cudaLaunchKernel(l->kernel, grid, block, argv, l->shmem,
                                      cuda_task_stream(d, ctx));
    if (rc == cudaSuccess)
        rc = cudaGetLastError();
    if (rc != cudaSuccess) {
        char what[160];
        describe(what, sizeof what, ctx);
        cuda_fail("cudaLaunchKernel", rc, what, d->index);
    }
}

static nrt_event cuda_end(struct nrt_space *s, nanort_ctx *ctx)
{
    struct cuda_dev *d = cuda_dev(s);
    char what[160];
    describe(what, sizeof what, ctx);
    cuda_use(d);
    /* A user's own launch on the task's stream that failed to start reports it here. */
    cudaError_t rc = cudaGetLastError();
    if (rc != cudaSuccess)
        cuda_fail("a kernel launch", rc, what, d->index);
    struct cuda_event *e = cuda_event_get(d, what);
    CUDA_CHECK(cudaEventRecord(e->ev, cuda_task_stream(d, ctx)), what, d->index);
    if (d->kstart) {
        cuda_timed(e, d->kstart, NRT_LANE_KERNEL, 0, ctx->task);
        d->kstart = NULL;
    }
    return e;
}

static void *cuda_stream(struct nrt_space *s, nanort_ctx *ctx)
{
    return cuda_task_stream(cuda_dev(s), ctx);
}

const struct nrt_compute_ops nrt_cuda_compute = {
    .begin = cuda_begin,
    .launch = cuda_launch,
    .end = cuda_end,
    .stream = cuda_stream,
};
