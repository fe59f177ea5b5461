/*
 * depobj.c - OpenMP 5.0 depend objects.
 *
 * `#pragma omp depobj(o) depend(inout: x)` keeps one dependence in an omp_depend_t, and
 * `depend(depobj: o)` on a task or a taskwait stands for it.  The object holds a pointer
 * (mcc/include/omp.h) to a record made here: the region as the task's own clause would
 * give it (base and dimensions) and its mode, which `update(type)` changes.  `destroy`
 * frees the record and clears the pointer, so a later use is caught (a NULL pointer);
 * the record's tag catches most uses of a pointer that no depobj construct made (an
 * uninitialised automatic object reads as garbage, which OpenMP leaves undefined).
 */
#include "nrt.h"

#include <stdlib.h>
#include <string.h>

#define DEPOBJ_TAG 0x6465706fu      /* "depo" */

struct depobj {
    unsigned tag;
    unsigned flags;                 /* NANORT_DEP_* mode */
    const void *base;
    unsigned ndims;
    struct nanort_dim dims[];
};

static struct depobj *make(void **slot, unsigned flags, const void *base, unsigned ndims)
{
    struct depobj *d = nrt_xmalloc(sizeof *d + ndims * sizeof d->dims[0]);
    d->tag = DEPOBJ_TAG;
    d->flags = flags & NANORT_DEP_MODE_MASK;
    d->base = base;
    d->ndims = ndims;
    *slot = d;
    return d;
}

void nanort_depobj_init(void **slot, unsigned flags, const void *base, unsigned ndims,
                        const struct nanort_dim *dims)
{
    if (ndims == 0)
        nrt_fatal("nanort_depobj_init: a region of 0 dimensions");
    struct depobj *d = make(slot, flags, base, ndims);
    memcpy(d->dims, dims, ndims * sizeof *dims);
}

void nanort_depobj_init1(void **slot, unsigned flags, const void *addr, size_t bytes)
{
    struct depobj *d = make(slot, flags, addr, 1);
    d->dims[0] = (struct nanort_dim){bytes, 0, bytes};
}

/* The record of a slot, or a stop naming where it was used. */
static struct depobj *get(void *const *slot, const char *where)
{
    struct depobj *d = *slot;
    if (!d)
        nrt_fatal("%s: a depend object used before '#pragma omp depobj(...) depend(...)' "
                  "initialised it, or after 'destroy': initialise it first", where);
    if (d->tag != DEPOBJ_TAG)
        nrt_fatal("%s: this omp_depend_t was not initialised by '#pragma omp depobj(...) "
                  "depend(...)' (its contents are not a depend object)", where);
    return d;
}

void nanort_depobj_update(void **slot, unsigned flags, const char *where)
{
    get(slot, where)->flags = flags & NANORT_DEP_MODE_MASK;
}

void nanort_depobj_destroy(void **slot, const char *where)
{
    struct depobj *d = get(slot, where);
    d->tag = 0;
    free(d);
    *slot = NULL;
}

unsigned nanort_depobj_ndims(void *const *slot, const char *where)
{
    return get(slot, where)->ndims;
}

static unsigned copy_bits(unsigned mode)
{
    switch (mode) {
    case NANORT_DEP_NONE: return 0;
    case NANORT_DEP_IN: return NANORT_COPY_IN;
    case NANORT_DEP_OUT: return NANORT_COPY_OUT;
    default: return NANORT_COPY_INOUT;
    }
}

void nanort_task_depobj(nanort_task *t, void *const *slot, int copies, const char *where)
{
    const struct depobj *d = get(slot, where);
    nanort_task_region(t, d->flags | (copies ? copy_bits(d->flags) : 0), d->base, d->ndims,
                       d->dims);
}

unsigned nanort_depobj_region(void *const *slot, unsigned *flags, const void **base,
                              struct nanort_dim *dims, const char *where)
{
    const struct depobj *d = get(slot, where);
    *flags = d->flags;
    *base = d->base;
    memcpy(dims, d->dims, d->ndims * sizeof *dims);
    return d->ndims;
}
