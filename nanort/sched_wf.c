/*
 * sched_wf.c - work first: a thread that creates a ready task runs it at once (like an
 * undeferred task), unless some worker is idle (it then gets it through dbf's deques) or
 * tasks with a priority are queued (they run first).
 * Tasks made ready by dependences go to the deques as in dbf.
 */
#include "nrt.h"

static bool wf_run_now(struct nrt_worker *self, struct nanort_task *t)
{
    /* relaxed: a stale count only changes who runs the task.  Not while prioritised
     * tasks are queued: they must run before a new task of priority 0. */
    return self && t->priority == 0 && !nrt_prio_waiting() &&
           atomic_load_explicit(&nrt_idle, memory_order_relaxed) == 0;
}

const struct nrt_sched nrt_sched_wf = {
    .name = "wf",
    .help = "work first: the creator runs a new ready task itself while no worker is idle; "
            "otherwise as dbf; priorities honoured",
    NRT_DBF_OPS,
    .run_now = wf_run_now,
};
