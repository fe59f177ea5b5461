/*
 * cuda.h - the CUDA device plugin's internal header, a section per .c file.
 *
 *   cuda.c          options, probe, open/close of a GPU (streams, staging, events), errors
 *   cuda_mem.c      the memory hooks: allocation, copies (staged through pinned buffers),
 *                   peer copies, events
 *   cuda_compute.c  the compute hooks: ordering after copies, kernel launches, completion
 *   cublas.c        nanos_get_cublas_handle() (a member of its own of libnanort-cuda.a)
 *
 * Built with gcc against the CUDA runtime API header only; programs link it with the
 * static CUDA runtime (see module.mk), which loads the driver at run time, so a program
 * with CUDA parts starts where no GPU or libcuda exists (probe then finds 0 devices).
 */
#ifndef NRT_CUDA_H
#define NRT_CUDA_H

#include "nrt.h"

#include <cuda_runtime_api.h>

/* Pinned staging buffers (double-buffered): copies from pageable host memory to the GPU
 * go through them in pieces of this size (cuda_mem.c says why). */
#define CUDA_STAGE_BYTES ((size_t)4 << 20)
#define CUDA_NSTAGE 2

/* An event handed to the core (nrt_event): a pooled CUDA event plus what it stands for,
 * so that an error found when it is waited for can name the task.  For the device
 * timeline (nrt_devtime_on: the pool's events then keep timing) it also carries the
 * event recorded before the work it ends: released, it reports the span (cuda_mem.c). */
struct cuda_event {
    cudaEvent_t ev;
    char what[160];                 /* "task 'L', implementation 'I'" or a copy's name */
    struct cuda_event *next;        /* the pool's free list */
    struct cuda_event *start;       /* recorded before the work, or NULL: not timed */
    enum nrt_lane lane;             /* with start: what the span is */
    size_t bytes;
    const struct nanort_task *task; /* NRT_LANE_KERNEL: alive until the release */
};

/* Staging: CUDA_NSTAGE pinned buffers used in turn; a buffer is reused after the copy
 * that last read it finished (its event; a copy returns with its last pieces pending). */
struct cuda_stage {
    struct nrt_lock lock;           /* one copy of this direction at a time */
    void *buf[CUDA_NSTAGE];         /* lock */
    cudaEvent_t done[CUDA_NSTAGE];  /* lock: the last copy using buf[i] */
    bool pending[CUDA_NSTAGE];      /* lock: done[i] was recorded */
    unsigned next;                  /* lock */
};

/* Kernel streams per GPU at most (--gpu-streams). */
#define CUDA_MAX_KSTREAMS 16

/* One opened GPU (struct nrt_space::priv). */
struct cuda_dev {
    int index;                      /* CUDA device ordinal */
    /* Kernels: the tasks in flight take the streams in turn (--gpu-streams), so that the
     * kernels of independent tasks may run at the same time.  A task's dependences are
     * kept by the core (it starts once its predecessors finished), its copies by the
     * events its stream waits for (cuda_compute.c). */
    cudaStream_t kstreams[CUDA_MAX_KSTREAMS];
    unsigned nkstreams;
    unsigned knext;                 /* manager thread: the next task's stream */
    cudaStream_t h2d, d2h;          /* copies to and from the device (and peer copies) */
    cudaStream_t astream;           /* stream-ordered allocations only (waits for nothing) */
    cudaStream_t fstream;           /* stream-ordered frees, after every other stream */
    bool pools;                     /* the device has stream-ordered memory pools */
    struct cuda_stage in;            /* host -> device */
    struct nrt_lock pool_lock;
    struct cuda_event *pool;        /* pool_lock: free events */
    /* The device timeline: `ref` was recorded and synchronised at ref_ns (host clock), at
     * the first timed span (under pool_lock; timing set with release ordering after). */
    cudaEvent_t ref;
    uint64_t ref_ns;
    atomic_bool timing;
    struct cuda_event *kstart;      /* manager thread: before the kernels of the task
                                     * being launched */
    /* Launch limits (cudaDeviceProp, at open): cuda_compute.c checks ndrange against them
     * and against each kernel's own (cached by the manager thread, kfunc[]). */
    int max_threads, max_block[3], max_grid[3];
    size_t shmem_per_block;
    struct cuda_kfunc {
        const void *kernel;
        int max_threads, max_dyn_shmem;
    } kfunc[32];
    unsigned nkfunc;
};

/* ---- cuda.c ---------------------------------------------------------------------- */
extern const struct nrt_mem_ops nrt_cuda_mem;
extern const struct nrt_compute_ops nrt_cuda_compute;
static inline struct cuda_dev *cuda_dev(const struct nrt_space *s)
{
    return s->priv;
}
/* Stop with "nanort: <call> failed: <name>: <string> (<what>, GPU n)"; gpu < 0: no GPU
 * named (memory of every GPU, as pinned host memory). */
void cuda_fail(const char *call, cudaError_t rc, const char *what, int gpu)
    __attribute__((noreturn));
#define CUDA_CHECK(call, what, gpu)                                                        \
    do {                                                                                   \
        cudaError_t cuda_rc_ = (call);                                                     \
        if (NRT_UNLIKELY(cuda_rc_ != cudaSuccess))                                         \
            cuda_fail(#call, cuda_rc_, (what), (gpu));                                     \
    } while (0)
/* Make dev current on the calling thread (every hook may run on any thread). */
void cuda_use(const struct cuda_dev *d);
/* The kernel stream of the task ctx runs (chosen by the compute hooks' begin), or the
 * first one outside a task. */
static inline cudaStream_t cuda_task_stream(const struct cuda_dev *d, const nanort_ctx *ctx)
{
    return ctx && ctx->device_data ? *(const cudaStream_t *)ctx->device_data : d->kstreams[0];
}

/* Is `stream` one of d's kernel streams (not a copy stream)? */
static inline bool cuda_is_kstream(const struct cuda_dev *d, cudaStream_t stream)
{
    for (unsigned i = 0; i < d->nkstreams; i++)
        if (d->kstreams[i] == stream)
            return true;
    return false;
}

/* ---- cublas.c -------------------------------------------------------------------- */
/* Destroy GPU gpu's cuBLAS handle, if nanos_get_cublas_handle() made one (gpu current).  Weak:
 * only programs that call nanos_get_cublas_handle() link cublas.c. */
void nrt_cuda_cublas_close(int gpu) __attribute__((weak));

/* ---- cuda_mem.c ------------------------------------------------------------------ */
/* Whether the host rows of x starting at p are pinned (or registered) memory, which the
 * copy engines read and write directly: copies of them are fully asynchronous. */
bool cuda_host_pinned(const void *p, const struct nrt_xfer *x);
/* nanos_malloc_pinned_cuda's memory (the ops table's host_alloc / host_free): page-locked,
 * portable (pinned for every GPU); NULL when none is left. */
void *cuda_host_alloc(struct nrt_space *s, size_t bytes);
void cuda_host_free(void *p);
void cuda_stage_init(struct cuda_dev *d, struct cuda_stage *st);
void cuda_stage_fini(struct cuda_dev *d, struct cuda_stage *st);
/* An event from d's pool (created on d; d current), labelled `what`. */
struct cuda_event *cuda_event_get(struct cuda_dev *d, const char *what);
void cuda_event_put(struct cuda_dev *d, struct cuda_event *e);
/* Close: free the pool (and the timeline's reference event). */
void cuda_events_free(struct cuda_dev *d);
/* The device timeline: an event recorded on `stream` now when nrt_devtime_on, else NULL;
 * cuda_timed() makes `end` (recorded after the work) report the span from `start` when
 * the core releases it. */
struct cuda_event *cuda_mark(struct cuda_dev *d, cudaStream_t stream, const char *what);
void cuda_timed(struct cuda_event *end, struct cuda_event *start, enum nrt_lane lane,
                size_t bytes, const struct nanort_task *t);

#endif /* NRT_CUDA_H */
