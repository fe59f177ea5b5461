/*
 * nanos_api.c - the user-level Nanos++ calls OmpSs programs make (mcc/include/nanos.h),
 * with their Nanos++ meaning.  nanos_get_kernel_execution_stream() is device.c's (it needs
 * the manager's current task).  Task counts are estimates, as in Nanos++: other threads
 * change them while they are read.
 */
#include "nrt.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef enum {
    NANOS_OK = 0,
    NANOS_UNKNOWN_ERR,
    NANOS_UNIMPLEMENTED,
    NANOS_ENOMEM,
    NANOS_INVALID_PARAM,
    NANOS_INVALID_REQUEST
} nanos_err_t;

void nanos_handle_error(nanos_err_t err)
{
    static const char *const what[] = {"no error", "an unknown error", "not implemented",
                                       "out of memory", "an invalid parameter",
                                       "an invalid request"};
    nrt_fatal("a Nanos++ call failed: %s (nanos_err_t %d)",
              (unsigned)err < sizeof what / sizeof what[0] ? what[err] : "an unknown error",
              (int)err);
}

nanos_err_t nanos_yield(void)
{
    nanort_taskyield();
    return NANOS_OK;
}

nanos_err_t nanos_in_final(bool *result)
{
    if (!result)
        return NANOS_INVALID_PARAM;
    *result = nanort_in_final() != 0;
    return NANOS_OK;
}

static unsigned clamp(long n)
{
    return n < 0 ? 0 : (unsigned)n;
}

/* Created and not finished. */
static long total_tasks(void)
{
    nrt_ensure_started();
    return nrt_live_tasks();
}

/* Queued for the smp workers (the devices' queues hold tasks already given to them). */
static long ready_tasks(void)
{
    nrt_ensure_started();
    return nrt_sched->queued(NULL);
}

/* Workers not idle: running a task body (or about to). */
static long running_tasks(void)
{
    nrt_ensure_started();
    return nrt_nworkers - atomic_load_explicit(&nrt_idle, memory_order_relaxed);
}

nanos_err_t nanos_get_num_total_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(total_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_ready_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(ready_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_running_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(running_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_nonready_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(total_tasks() - ready_tasks());
    return NANOS_OK;
}

nanos_err_t nanos_get_num_blocked_tasks(unsigned int *n)
{
    if (!n)
        return NANOS_INVALID_PARAM;
    *n = clamp(total_tasks() - ready_tasks() - running_tasks());
    return NANOS_OK;
}

const char *nanos_get_default_scheduler(void)
{
    nrt_ensure_started();
    return nrt_sched->name;
}

const char *nanos_get_default_architecture(void)
{
    return "smp";
}

const char *nanos_get_pm(void)
{
    return "OmpSs";
}

static int spaces_of(enum nanort_device_kind kind)
{
    nrt_ensure_started();
    int n = 0;
    for (int s = 1; s < nrt_nspaces; s++)
        n += nrt_spaces[s]->ops->kind == kind;
    return n;
}

unsigned int nanos_get_opencl_num_devices(void)
{
    return (unsigned)spaces_of(NANORT_DEVICE_OPENCL);
}

int nanos_get_num_cuda_devices(void)
{
    return spaces_of(NANORT_DEVICE_CUDA);
}

void *ompss_opencl_malloc(size_t size)
{
    return malloc(size);
}

void ompss_opencl_free(void *address)
{
    free(address);
}

/* ---- pinned host memory -------------------------------------------------------------- */

/* What nanos_malloc_pinned_cuda() got from a device plugin (the rest came from malloc):
 * nanos_free_pinned_cuda() gives each back to whoever allocated it.  A pointer hash of
 * chains: a program allocates its tiles this way, a few thousand at most. */
struct pinned {
    void *p;
    const struct nrt_device_ops *ops;
    struct pinned *next;
};
#define PINNED_BUCKETS 256
static struct nrt_lock pinned_lock = NRT_LOCK_INITIALIZER;
static struct pinned *pinned[PINNED_BUCKETS];           /* pinned_lock */

static struct pinned **pinned_bucket(const void *p)
{
    uintptr_t h = (uintptr_t)p >> 4;
    return &pinned[(h ^ (h >> 8) ^ (h >> 16)) % PINNED_BUCKETS];
}

/* The first space of kind `kind` whose plugin allocates host memory, or NULL.  A program
 * without such a plugin (no CUDA parts) does not start the runtime for it. */
static struct nrt_space *host_memory_space(enum nanort_device_kind kind)
{
    if (!nrt_devices[kind] || !nrt_devices[kind]->host_alloc)
        return NULL;
    nrt_ensure_started();
    for (int s = 1; s < nrt_nspaces; s++)
        if (nrt_spaces[s]->ops->kind == kind)
            return nrt_spaces[s];
    return NULL;
}

/* Page-locked memory from the CUDA plugin when a GPU is used (its copies then need no
 * staging and return at once, as in Nanos++, which allocated it with cudaMallocHost);
 * malloc'd memory otherwise, or when the GPU has no pinned memory left. */
void *nanos_malloc_pinned_cuda(size_t size)
{
    struct nrt_space *s = size ? host_memory_space(NANORT_DEVICE_CUDA) : NULL;
    void *p = s ? s->ops->host_alloc(s, size) : NULL;
    if (!p) {
        if (s && nrt_cfg.verbose)
            fprintf(stderr, "nanort: nanos_malloc_pinned_cuda(%zu): no pinned memory left on "
                            "%s: pageable memory instead\n", size, s->name);
        return malloc(size);
    }
    struct pinned *e = nrt_xmalloc(sizeof *e);
    e->p = p;
    e->ops = s->ops;
    nrt_lock_acquire(&pinned_lock);
    struct pinned **b = pinned_bucket(p);
    e->next = *b;
    *b = e;
    nrt_lock_release(&pinned_lock);
    return p;
}

void nanos_free_pinned_cuda(void *address)
{
    if (!address)
        return;
    struct pinned *e = NULL;
    nrt_lock_acquire(&pinned_lock);
    for (struct pinned **pp = pinned_bucket(address); *pp; pp = &(*pp)->next)
        if ((*pp)->p == address) {
            e = *pp;
            *pp = e->next;
            break;
        }
    nrt_lock_release(&pinned_lock);
    if (!e) {
        free(address);
        return;
    }
    e->ops->host_free(address);
    free(e);
}

nanos_err_t nanos_get_num_sockets(int *num_sockets)
{
    if (!num_sockets)
        return NANOS_INVALID_PARAM;
    *num_sockets = 1;
    return NANOS_OK;
}

nanos_err_t nanos_current_socket(int socket)
{
    return socket == 0 ? NANOS_OK : NANOS_INVALID_PARAM;
}
