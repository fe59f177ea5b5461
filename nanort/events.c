/*
 * events.c - tasks that complete on events as well as at the end of their body.
 *
 *   detach(event) (OpenMP 5.0): mcc creates the task with nanort_task_create_detach(),
 *   which stores the task's event handle in the program's omp_event_handle_t variable
 *   before the task captures it; omp_fulfill_event(handle) fulfils it.
 *
 *   event counters (task-aware libraries, e.g. TAMPI_Iwait): the running task's body
 *   binds n more events to itself with nanort_task_events_increase(); any thread fulfils
 *   them with nanort_task_events_decrease().
 *
 * A task with events carries NRT_TF_DETACHED and `events` = 1 + events not yet
 * fulfilled.  The 1 is taken by complete() (task.c) once the body and every child ended;
 * a fulfilment takes one; whoever brings the count to 0 completes the task (releases its
 * dependences, tells its parent), so the order of the two does not matter and nothing
 * waits.  Only the body's own thread sets the flag while the body runs: every thread that
 * can reach complete() for the task reads the flag after a seq_cst read-modify-write that
 * follows the end of the body.
 *
 * A task that runs in an inline frame of its creator (no regions, tiny or a full queue,
 * task.c) cannot outlive its frame: when its body bound events, submit waits for them,
 * running other tasks (as a taskwait does).  The type is then marked a spawner, so its
 * later instances are never tiny; only a full queue still inlines one.
 */
#include "nrt.h"

#include <string.h>

/* Events bound and not yet fulfilled, of all tasks.  Relaxed: its reader, a creator that
 * throttles (task.c), needs the events its own program order bound (the detach clauses
 * of the siblings its new task depends on), which it sees; a count a moment old elsewhere
 * only makes the throttle queue one task instead of running it. */
static atomic_long unfulfilled;

bool nrt_events_unfulfilled(void)
{
    return atomic_load_explicit(&unfulfilled, memory_order_relaxed) > 0;
}

nanort_task *nanort_task_create_detach(struct nanort_task_type *type, size_t args_size,
                                       unsigned nregions, unsigned ndims_total, void **args,
                                       void *event)
{
    return nrt_task_create_detach(type, args_size, 16, nregions, ndims_total, args, event);
}

nanort_task *nrt_task_create_detach(struct nanort_task_type *type, size_t args_size,
                                    size_t args_align, unsigned nregions, unsigned ndims_total,
                                    void **args, void *event)
{
    struct nanort_task *t = nrt_task_create_heap(type, args_size, args_align, nregions,
                                                 ndims_total, args);
    t->flags |= NRT_TF_DETACHED;
    atomic_store_explicit(&t->events, 2, memory_order_relaxed);   /* published by submit */
    atomic_fetch_add_explicit(&unfulfilled, 1, memory_order_relaxed);
    nanort_event_handle h = (nanort_event_handle)t;
    memcpy(event, &h, sizeof h);
    return t;
}

void *nanort_task_events(void)
{
    struct nanort_task *t = nrt_current;
    if (!t || (t->flags & (NRT_TF_ROOT | NRT_TF_WAITER)) || (nrt_self == NULL && t->space > 0))
        return NULL;                /* main, or a device implementation on its manager */
    return t;
}

void nanort_task_events_increase(void *counter, unsigned n)
{
    struct nanort_task *t = counter;
    if (!t || n == 0)
        return;
    if (t != nrt_current)
        nrt_fatal("nanort_task_events_increase() called outside the body of its task '%s': "
                  "bind events to a task from its own body (nanort_task_events())",
                  t->type && t->type->label ? t->type->label : "(unnamed)");
    atomic_fetch_add_explicit(&unfulfilled, (long)n, memory_order_relaxed);
    if (!(t->flags & NRT_TF_DETACHED)) {
        /* nobody else reads `events` before the flag is seen (see the header) */
        atomic_store(&t->events, 1 + (long)n);
        t->flags |= NRT_TF_DETACHED;
        /* never tiny again: its instances must not run in their creator's frame */
        if (!atomic_load_explicit(&t->info->spawns, memory_order_relaxed)) {
            atomic_store_explicit(&t->info->spawns, true, memory_order_relaxed);
            atomic_store_explicit(&t->info->tiny, false, memory_order_relaxed);
        }
    } else {
        atomic_fetch_add(&t->events, (long)n);
    }
}

void nanort_task_events_decrease(void *counter, unsigned n)
{
    struct nanort_task *t = counter;
    if (!t || n == 0)
        return;
    /* seq_cst: the fulfiller's writes before it happen before the completion (and the
     * successors' start), whichever thread completes the task. */
    atomic_fetch_sub_explicit(&unfulfilled, (long)n, memory_order_relaxed);
    long v = atomic_fetch_sub(&t->events, (long)n) - (long)n;
    if (NRT_UNLIKELY(v < 0))
        nrt_fatal("an event of task '%s' was fulfilled more often than it was bound (check "
                  "omp_fulfill_event / TAMPI calls)",
                  t->type && t->type->label ? t->type->label : "(unnamed)");
    if (v == 0) {
        nrt_task_events_done(t);    /* t may be freed from here on */
        return;
    }
    if (v == 1 && (t->flags & NRT_TF_INLINE))
        nrt_wake_waiters();         /* nrt_events_wait_inline() */
}

/* omp.h (mcc's): void omp_fulfill_event(omp_event_handle_t), a uintptr_t. */
void omp_fulfill_event(uintptr_t event);
void omp_fulfill_event(uintptr_t event)
{
    if (!event)
        nrt_fatal("omp_fulfill_event() called with a null event handle (set it with "
                  "'#pragma omp task detach(event)')");
    nanort_task_events_decrease((void *)(uintptr_t)event, 1);
}

static bool events_left_one(void *arg)
{
    struct nanort_task *t = arg;
    return atomic_load(&t->events) == 1;
}

void nrt_events_wait_inline(struct nanort_task *t)
{
    if (!events_left_one(t))
        nrt_wait_until(events_left_one, t);
}
