/*
 * opencl.h - the OpenCL device plugin's internal header, a section per .c file.
 *
 *   opencl.c   loading libOpenCL (openclapi.def), options, probe/open/close, errors,
 *              the ops table and its registration
 *   mem.c      the memory hooks: buffers, rectangular copies, events
 *   program.c  the registry of embedded sources (nanort_opencl_source), programs built
 *              once per (source, device), kernels created once per (kernel, device)
 *   launch.c   the compute hooks: ordering after staging copies, kernel launches
 *
 * Per device (one memory space): a context (shared by the devices of one platform, so
 * that copies between them stay on the devices), an in-order kernel queue and two
 * transfer queues (host->device, device->host); events chain them.
 *
 * The device timeline (nrt_devtime_on: --trace, --summary): the queues profile their
 * commands; each copy's event and each task's last kernel event is remembered in a
 * table, and when the core releases it (always after it completed) its
 * CL_PROFILING_COMMAND_START/END, moved to the host clock, go to nrt_devtime_record().
 */
#ifndef OCL_H
#define OCL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "../../nanort/nrt.h"

/* ---- opencl.c -------------------------------------------------------------------- */

/* The loaded entry points, one member per OCL_API line of openclapi.def. */
struct ocl_api {
#define OCL_API(fn) __typeof__(fn) *fn;
#include "openclapi.def"
#undef OCL_API
};
/* Filled by the probe before any device opens; read-only afterwards. */
extern struct ocl_api ocl;

/* The manager's idle work (nrt_compute_ops.idle): the next source built ahead, as
 * --opencl-prebuild says. */
bool ocl_idle(struct nrt_space *s);

struct ocl_program;
struct ocl_source;
struct ocl_kernel;
struct ocl_timed;
#define OCL_TIMED_BUCKETS 64

/* One opened device (space->priv). */
struct ocl_device {
    struct nrt_space *space;
    cl_platform_id platform;
    cl_device_id id;
    cl_context context;             /* shared with the platform's other devices */
    cl_command_queue kq;            /* kernels, in order */
    cl_command_queue h2d, d2h;      /* transfers in / out (and peer copies into it) */
    char dev_name[48];              /* CL_DEVICE_NAME, for messages */
    bool cpu;                       /* a CPU device (CL_DEVICE_TYPE) */
    size_t align;                   /* CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes */
    cl_ulong max_alloc;             /* CL_DEVICE_MAX_MEM_ALLOC_SIZE */
    size_t max_wg;                  /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
    size_t max_items[3];            /* CL_DEVICE_MAX_WORK_ITEM_SIZES (first 3 dimensions) */
    /* Built programs and created kernels: the manager thread of the space only (kernels
     * are not thread-safe: clSetKernelArg changes them). */
    struct ocl_program *programs;
    struct ocl_kernel *kernels;
    const struct ocl_source *ahead; /* the last source ocl_program_ahead() took */
    /* The device timeline (only when nrt_devtime_on). */
    bool timing;                    /* its queues profile and its clock is calibrated */
    int64_t clock_off;              /* host ns = device ns + clock_off (set at open) */
    cl_event kfirst;                /* manager thread: first kernel of the task being
                                     * launched, while it has more than one */
    struct nrt_lock timed_lock;
    struct ocl_timed *timed[OCL_TIMED_BUCKETS];  /* timed_lock: events to time */
    struct ocl_timed *timed_free;   /* timed_lock: spare entries */
};

static inline struct ocl_device *ocl_dev(const struct nrt_space *s)
{
    return s->priv;
}

/* The name of an OpenCL error code ("CL_OUT_OF_RESOURCES"). */
const char *ocl_error_name(cl_int err);
/* "nanort: <call> failed: <CL error> (task 'L', implementation 'I', device D)" and stop;
 * ctx NULL when no task is involved. */
void ocl_fail(const char *call, cl_int err, const struct nrt_space *s, const nanort_ctx *ctx)
    __attribute__((noreturn));
/* Call ocl.fn(args...) and stop with ocl_fail() unless it returns CL_SUCCESS. */
#define OCL_CHECK(s, ctx, fn, ...)                                                         \
    do {                                                                                   \
        cl_int ocl_err_ = ocl.fn(__VA_ARGS__);                                             \
        if (NRT_UNLIKELY(ocl_err_ != CL_SUCCESS))                                          \
            ocl_fail(#fn, ocl_err_, (s), (ctx));                                           \
    } while (0)
/* --opencl-build-opts (never NULL). */
const char *ocl_runtime_build_opts(void);

/* ---- mem.c ----------------------------------------------------------------------- */

/* What alloc() returns: the buffer and the sub-buffers kernels needed inside it. */
struct ocl_sub {
    size_t off;
    cl_mem mem;
    struct ocl_sub *next;
};
struct ocl_buf {
    cl_mem mem;
    size_t size;
    /* Sub-buffers for kernel arguments that start inside the allocation: created by the
     * manager thread while the allocation is pinned, freed with it (never both at once:
     * the cache frees only unpinned allocations, under its lock). */
    struct ocl_sub *subs;
};
extern const struct nrt_mem_ops ocl_mem_ops;
/* The cl_mem a kernel argument at `off` bytes into b must get (a sub-buffer when off is
 * not 0); arg is the argument's index, for the message when off is misaligned. */
cl_mem ocl_buf_at(struct ocl_buf *b, size_t off, const nanort_ctx *ctx, unsigned arg);
/* Release an event and stop on error (ctx may be NULL). */
void ocl_event_release(const struct nrt_space *s, cl_event e);
/* The device timeline: time e (its start: that of `first` when not NULL) when the core
 * releases it, as `lane`; t: the task of a kernel lane (alive until then). */
void ocl_timed_add(struct ocl_device *d, cl_event e, enum nrt_lane lane, size_t bytes,
                   cl_event first, const struct nanort_task *t);
/* Close: forget the events never released. */
void ocl_timed_fini(struct ocl_device *d);

/* ---- program.c ------------------------------------------------------------------- */

/* Whether nanort_opencl_source() was called (no source: no kernel can ever run). */
bool ocl_have_sources(void);

/* The kernel of the running OpenCL implementation for ctx's device: built and created
 * at the first use on that device (manager thread). */
cl_kernel ocl_kernel_get(struct ocl_device *d, const nanort_ctx *ctx);
/* Build the next registered source for d ahead of its first use, quietly (a source that
 * fails is built again at its first use, which reports the errors); false when every
 * source was (manager thread, while it has no task). */
bool ocl_program_ahead(struct ocl_device *d);
/* Whether impl's kernel builds for d (compute->usable; manager thread): false after the
 * build log was printed. */
bool ocl_kernel_usable(struct ocl_device *d, const struct nanort_impl *impl);
/* Release the device's kernels and programs (close). */
void ocl_programs_release(struct ocl_device *d);

/* ---- launch.c -------------------------------------------------------------------- */
extern const struct nrt_compute_ops ocl_compute_ops;

#endif /* OCL_H */
