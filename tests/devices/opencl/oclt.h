/*
 * oclt.h - what the OpenCL device tests share: skipping when no OpenCL device is there,
 * reading a space's cache statistics, and a task type with one OpenCL implementation
 * written by hand on the C API (what mcc generates for a device(opencl) task).
 * The tests include the runtime's internal header (nanort/nrt.h) to read nrt_spaces.
 */
#ifndef OCLT_H
#define OCLT_H

#include <nanort.h>
#include "nrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The OpenCL plugin is an object of libnanort.a, linked only when the program refers to
 * it: programs with OpenCL code call nanort_opencl_source(); this reference covers the
 * tests that do not. */
__attribute__((used)) static void (*const oclt_pull_plugin)(const char *, const char *,
                                                           const char *) = nanort_opencl_source;

/* Number of OpenCL spaces the runtime opened (starts it). */
static inline int oclt_devices(void)
{
    nanort_init();
    int n = 0;
    for (int s = 1; s < nrt_nspaces; s++)
        n += nrt_spaces[s]->ops->kind == NANORT_DEVICE_OPENCL;
    return n;
}

/* Run with the kernels translated to C instead (OCLT_TRANSLATED=1, NX_ARGS with
 * --opencl-cpu=on: module.mk's OCLT_XLATE programs): no OpenCL device needed. */
static inline int oclt_translated(void)
{
    return getenv("OCLT_TRANSLATED") != NULL;
}

/* Exit 77 (skipped) unless at least `n` OpenCL devices are usable. */
static inline void oclt_require(int n)
{
    if (oclt_translated())
        return;
    int have = oclt_devices();
    if (have < n) {
        printf("skipped: needs %d OpenCL device(s), found %d (on Debian: apt-get install "
               "pocl-opencl-icd; two devices: POCL_DEVICES=\"pthread pthread\")\n", n, have);
        exit(77);
    }
}

/* One task of `type`, whose argument block is one int * (x), on x's `bytes` as inout data
 * copied in and out; then wait for it. */
static inline void oclt_run_on(struct nanort_task_type *type, int *x, size_t bytes)
{
    void *p;
    nanort_task *t = nanort_task_create(type, sizeof x, 1, 1, &p);
    *(int **)p = x;
    nanort_task_region1(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, x, bytes);
    nanort_task_submit(t, 0, 0);
    nanort_taskwait();
}

/* The space of the i-th OpenCL device. */
static inline struct nrt_space *oclt_space(int i)
{
    for (int s = 1; s < nrt_nspaces; s++)
        if (nrt_spaces[s]->ops->kind == NANORT_DEVICE_OPENCL && i-- == 0)
            return nrt_spaces[s];
    return NULL;
}

static inline unsigned long oclt_stat(atomic_ulong *c)
{
    return atomic_load_explicit(c, memory_order_relaxed);
}

static inline void oclt_print_stats(void)
{
    for (int s = 1; s < nrt_nspaces; s++) {
        struct nrt_space_stats *st = &nrt_spaces[s]->stats;
        printf("%s: tasks %lu in %lu out %lu peer %lu hits %lu misses %lu evictions %lu\n",
               nrt_spaces[s]->name, oclt_stat(&st->tasks), oclt_stat(&st->bytes_in),
               oclt_stat(&st->bytes_out), oclt_stat(&st->bytes_peer), oclt_stat(&st->hits),
               oclt_stat(&st->misses), oclt_stat(&st->evictions));
    }
}

#define OCLT_CHECK(cond, ...)                                                              \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            printf("FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond);                       \
            printf(__VA_ARGS__);                                                           \
            printf("\n");                                                                  \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#endif /* OCLT_H */
