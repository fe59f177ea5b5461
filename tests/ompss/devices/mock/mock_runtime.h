/*
 * mock_runtime.h - a stand-in for nanort's task and device entry points, linked before
 * libnanort so that a program built by mcc runs its device implementations right away on
 * the creating thread and records what they ask for instead of launching anything.  It
 * lets the lowering of device(opencl|cuda) tasks (ndrange, shmem, kernel arguments,
 * copies, kernel names, embedded sources) be checked exactly, with no device and no
 * dependence on the runtime's scheduling.
 */
#ifndef MOCK_RUNTIME_H
#define MOCK_RUNTIME_H

#include <nanort.h>

#define MOCK_MAX 16

struct mock_karg {
    unsigned kind;
    size_t size;
    const void *ptr;            /* BUFFER: the host pointer given */
    unsigned char value[16];    /* VALUE: the bytes (first 16) */
};

struct mock_launch {
    const struct nanort_impl *impl;      /* the implementation that launched */
    const struct nanort_opencl_info *ocl;/* its device_info when OpenCL */
    struct nanort_launch l;              /* as given (args below) */
    struct mock_karg args[MOCK_MAX];
    unsigned nregions;                   /* of the task */
    unsigned flags[MOCK_MAX];
    const void *bases[MOCK_MAX];
    size_t bytes[MOCK_MAX];              /* product of the dimension lengths */
    unsigned nreads;                     /* nanort_launch_reads before it: the regions */
    const void *read_bases[MOCK_MAX];
    size_t read_bytes[MOCK_MAX];
};

struct mock_source {
    const char *name, *text, *build_opts;
};

/* Which implementations run: the first of this device kind (smp when absent). */
extern enum nanort_device_kind mock_device;
/* Launches recorded so far, the last one, and the sources registered. */
extern int mock_nlaunches;
const struct mock_launch *mock_last(void);
extern int mock_nsources;
extern struct mock_source mock_sources[MOCK_MAX];
/* Called by nanort_launch_reads (the region's first byte and its bytes), when set: it may
 * write what "the device" holds there, as the runtime's copy back to the host does. */
extern void (*mock_on_read)(const void *base, size_t bytes);
/* What nanort_device_ptr adds to a host address (so a translated pointer is visible). */
#define MOCK_DEVICE_OFFSET 0x100000u

#endif
