/*
 * reduction.c - the private copies of tasks' reductions, so that a task created inside a
 * reduction's task combines into the reduction's original (OpenMP 5.0, 2.19.5.6), not into
 * the copy its creator keeps updating without a lock.  mcc's code records each copy when
 * the task starts (nanort_reduction_copy) and looks its combine target up when it starts
 * (nanort_reduction_original): both in include/nanort.h.
 */
#include "nrt.h"

void nanort_reduction_copy(struct nanort_red_copy *rc, const void *copy, void *orig,
                           size_t bytes)
{
    struct nanort_task *t = nrt_current;
    if (!t)
        return;
    rc->copy = copy;
    rc->orig = orig;
    rc->bytes = bytes;
    /* Only t's body thread writes the list, before t creates children (task creation
     * publishes it to them). */
    rc->next = t->red_copies;
    t->red_copies = rc;
}

/* addr inside one of t's copies: the same byte of its original; else NULL. */
static void *in_copies(const struct nanort_task *t, void *addr)
{
    for (const struct nanort_red_copy *rc = t->red_copies; rc; rc = rc->next) {
        uintptr_t a = (uintptr_t)addr, c = (uintptr_t)rc->copy;
        if (a >= c && a - c < rc->bytes)
            return (char *)rc->orig + (a - c);
    }
    return NULL;
}

void *nanort_reduction_original(void *addr)
{
    /* The ancestors live until their descendants are done, and so do their copies (they
     * wait for their children before they combine). */
    for (struct nanort_task *t = nrt_current ? nrt_current->parent : NULL; t; t = t->parent) {
        void *o = in_copies(t, addr);
        if (o)
            addr = o;           /* which may itself be a copy further up */
    }
    return addr;
}
