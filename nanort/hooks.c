/*
 * hooks.c - where the debugging tools hear about a task's life.  The watchdog
 * (--watchdog, watchdog.c) and the ThreadSanitizer annotations (tsan.c) both want to know
 * when a task starts, when its body ends with children pending and when it completes;
 * the hot paths of task.c and device.c test one flag, nrt_hooks_on, for both, so a run
 * with neither pays one predictable branch per event.
 */
#include "nrt.h"

bool nrt_hooks_on;

void nrt_hooks_start(void)
{
    nrt_hooks_on = nrt_watchdog_on || nrt_tsan_on;
}

void nrt_hooks_run(struct nanort_task *t, int where, bool on_device)
{
    nrt_tsan_acquire(t);            /* its creation and its predecessors' completions */
    if (nrt_watchdog_on)
        nrt_wd_running(t, where, on_device);
}

void nrt_hooks_body_end(struct nanort_task *t)
{
    if (nrt_watchdog_on)
        nrt_wd_body_done(t);
    nrt_tsan_release(&t->pending);  /* the body, for whoever completes t */
}

void nrt_hooks_complete(struct nanort_task *t)
{
    nrt_tsan_acquire(&t->pending);  /* its body and its children, released elsewhere */
    if (nrt_watchdog_on)
        nrt_wd_done(t);
}
