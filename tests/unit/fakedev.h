/*
 * fakedev.h - a fake accelerator for the device-layer tests (tests/unit/fakedev.c).
 *
 * It registers as NANORT_DEVICE_CUDA (the real CUDA plugin is a separate library that
 * tests never link) and opens FAKEDEV_N spaces (default 2).  Its memory is malloc'd and
 * filled with garbage, separate from the host's, so a task that reads host memory
 * instead of its device copy sees stale data.  Copies are lazy: they happen when their
 * event is waited for, a launch that depends on them begins, or the event is released,
 * so a missing wait shows up as wrong data.  Environment, read at start:
 *   FAKEDEV_N=n        spaces (0: none)
 *   FAKEDEV_MEM=size   cache limit per space (nrt_parse_size forms: 64K, 1M, ...)
 *   FAKEDEV_OOM=size   allocations larger than size fail (the device runs out of memory
 *                      below an unlimited cache limit; pinned host memory too)
 *   FAKEDEV_PEER=0     no device-to-device copies (the cache goes through the host)
 *   FAKEDEV_EXACT=1    exact_base spaces (as OpenCL's)
 *   FAKEDEV_ASYNC=1    kernels run when their task's completion is waited for, not at
 *                      launch (so the manager's pipelining shows)
 *   FAKEDEV_BW=b       a copy lasts at least its bytes / b microseconds (b bytes per
 *                      microsecond: 10000 is 10 GB/s), as over a bus
 *   FAKEDEV_ORDERED=1  ordered_out spaces (host tasks wait for copies back outside the
 *                      cache's lock, as from cluster ranks)
 *   FAKEDEV_SAME_DEVICE=1  the spaces say they are one physical device (one UUID), as a
 *                      GPU opened through CUDA and through OpenCL
 *
 * Task types: fd_type_dev (fake device only), fd_type_both (smp and fake device),
 * fd_type_smp (smp only).  Each instance runs body(p, k) with its pointers translated to
 * the device copies when it runs on a fake device.
 */
#ifndef FAKEDEV_H
#define FAKEDEV_H

#include <nanort.h>
#include <stdbool.h>
#include <stdint.h>

#define FD_MAXP 4
typedef void fd_body(void **p, long k);
/* What a launch's `kernel` points to: argv[i] is the device address of a BUFFER argument,
 * the address of the value of a VALUE one, scratch memory for a LOCAL one.  It runs at
 * once on the manager thread. */
typedef void fd_kernel(void *const *argv);

extern struct nanort_task_type fd_type_dev, fd_type_both, fd_type_smp;

/* One region of a test task (like tests/unit/util.h's, without Check). */
struct fd_region {
    unsigned flags;                 /* dependence mode | NANORT_COPY_* */
    const void *base;
    unsigned ndims;
    struct nanort_dim dims[3];
};
#define FD_R1(flags, addr, bytes) ((struct fd_region){(flags), (addr), 1, {{(bytes), 0, (bytes)}}})
#define FD_IN(addr, bytes) FD_R1(NANORT_DEP_IN | NANORT_COPY_IN, addr, bytes)
#define FD_OUT(addr, bytes) FD_R1(NANORT_DEP_OUT | NANORT_COPY_OUT, addr, bytes)
#define FD_INOUT(addr, bytes) FD_R1(NANORT_DEP_INOUT | NANORT_COPY_INOUT, addr, bytes)
/* Tile rows [r0, r0+h) x cols [c0, c0+w) of a rows x cols matrix of `esz`-byte elements. */
#define FD_TILE(flags, m, rows, cols, esz, r0, h, c0, w)                                   \
    ((struct fd_region){(flags), (m), 2,                                                   \
                        {{(cols) * (esz), (c0) * (esz), (w) * (esz)}, {(rows), (r0), (h)}}})

/* Create and submit body(p[0..np), k) of `type` with the given regions. */
void fd_spawn(struct nanort_task_type *type, fd_body *body, unsigned np, void *const *p, long k,
              unsigned submit_flags, unsigned nregions, const struct fd_region *regions);
#define FD_SPAWN(type, body, k, ptrs, ...)                                                 \
    do {                                                                                   \
        void *const fd_p_[] = {ptrs};                                                      \
        const struct fd_region fd_r_[] = {__VA_ARGS__};                                    \
        fd_spawn((type), (body), sizeof fd_p_ / sizeof fd_p_[0], fd_p_, (k), 0,            \
                 sizeof fd_r_ / sizeof fd_r_[0], fd_r_);                                   \
    } while (0)
#define FD_PTRS(...) __VA_ARGS__

/* The stream a fake space gives its tasks (nanort_cuda_stream): its space id plus one. */
#define FD_STREAM(space) ((void *)(uintptr_t)((space) + 1))

/* Inside a body: the fake space it runs in (its nanort space id), or 0 on the host. */
int fd_current_space(void);

/* Counters of fake space `i` (0-based among the fake spaces), read after a taskwait. */
struct fd_stats {
    unsigned long tasks, bytes_in, bytes_out, bytes_peer, hits, misses, evictions;
    int space;                      /* its nanort space id, -1 when it does not exist */
};
struct fd_stats fd_stats(int i);
/* Number of fake spaces opened, and launches done, since start. */
int fd_nspaces(void);
unsigned long fd_launches(void);
/* copy_in (in) or copy_out calls made, all spaces together (a rectangle is one call). */
unsigned long fd_copy_calls(bool in);
/* Pinned host memory the fake device gave (host_alloc, for nanos_malloc_pinned_cuda), or
 * with `freed` took back (host_free). */
unsigned long fd_host_allocs(bool freed);

#endif /* FAKEDEV_H */
