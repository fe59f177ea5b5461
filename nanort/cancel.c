/*
 * cancel.c - OpenMP cancellation (OpenMP 5.2 section 16, "Cancellation Constructs") in a
 * runtime without teams: a parallel region runs once in the encountering task, the chunks
 * of a for and the sections of a sections construct are tasks (OMPSS.md).  So every kind
 * of cancellation is a cancellation of tasks:
 *   - a region that can be cancelled is a scope (struct nrt_cancel) on the stack of the
 *     task that runs it, from before it creates its tasks to after it waited for them;
 *     the task's `cancel` points at the innermost one, and every task created in it
 *     inherits that pointer, so a task's chain of scopes is the regions around it;
 *   - `cancel X` sets the flag of the scope of kind X the calling task binds to (its
 *     innermost taskgroup; the parallel region its own body opened; the for or sections
 *     it is a chunk or section of), and the task then goes to the end of the region or of
 *     its task region (mcc's goto, when nanort_cancel returns 1); a for or sections that
 *     a team of threads shares is a scope per member, each reading the team's flag too,
 *     which the cancel sets (as libgomp's work_share_cancelled; cleared at the team's
 *     next barrier): the other members stop at their next cancellation point, and their
 *     chunks or sections not started are not run;
 *   - a task that has not started when its turn comes is discarded (it finishes without
 *     running, and releases its dependences as any finished task does) when a taskgroup
 *     or parallel scope in its chain is cancelled, or when it is a chunk or section of a
 *     cancelled for or sections (their explicit tasks are not cancelled: 16.1); a
 *     detached task is not (its event is fulfilled by what its body starts);
 *   - tasks that run go on to their next cancellation point (`cancellation point X`, a
 *     `cancel X` with if(false), a barrier of a parallel region), where nanort_cancel
 *     returns 1.
 * The scopes a chain passes through belong to its tasks' ancestors, each of which waits
 * for its tasks (and so for their descendants) before it closes the scope: a chain is
 * never left dangling.  OMP_CANCELLATION unset or false: no scope is opened, every task's
 * chain is NULL, and the cost is the load of t->cancel before a body runs (task.c) and of
 * the parent's at creation; generated code reads nanort_cancel_var before it opens a scope
 * or asks at a barrier, and calls nothing then; a cancel construct's own call answers
 * after one load (cancel_var).
 */
#include "nrt.h"


bool nrt_cancel_on;
/* The entry points' view of it (nanort.h: generated code reads it too, to skip the calls),
 * so that one load answers them before the runtime started too: NANORT_CANCEL_VAR_UNREAD,
 * then _FALSE or _TRUE.  Written once, at the first start (the start publishes it, and a
 * thread that reads UNREAD starts the runtime, or waits for it, first). */
int nanort_cancel_var;

static int var_now(void)
{
    return __atomic_load_n(&nanort_cancel_var, __ATOMIC_RELAXED);
}

struct nrt_cancel {
    struct nrt_cancel *up;          /* the region around it when it was opened */
    struct nanort_task *owner;      /* the task that opened it */
    int kind;                       /* enum nanort_cancel_kind */
    /* Set once by a cancel (release), read by any thread (acquire: what the canceller
     * wrote before is visible to a task that sees the flag, as in OpenMP's flush). */
    atomic_int cancelled;
    /* A team's `for` or `sections` (NANORT_CANCEL_TEAM): the team's flag, which a cancel
     * of any member's scope of the construct sets as well (the same orderings), and which
     * cancels every member's (nrt_omp_team_cancelled); NULL otherwise. */
    atomic_int *team;
    /* up, owner, kind and team are written by the owner before it creates a task in the
     * region, read by tasks created after: submission orders them. */
};
_Static_assert(sizeof(struct nrt_cancel) <= sizeof(nanort_cancel_scope),
               "nanort_cancel_scope (nanort.h) must hold a struct nrt_cancel");

/* cancel-var (OpenMP 5.2 2.4): OMP_CANCELLATION=true; read at the first start only (a
 * restart, omp_set_num_threads() before the first task, keeps it and warns no more). */
void nrt_cancel_setup(void)
{
    if (var_now() != NANORT_CANCEL_VAR_UNREAD)
        return;
    nrt_cancel_on = nrt_omp_env_true("OMP_CANCELLATION");
    __atomic_store_n(&nanort_cancel_var, nrt_cancel_on ? NANORT_CANCEL_VAR_TRUE
                                                      : NANORT_CANCEL_VAR_FALSE, __ATOMIC_RELAXED);
}

/* Is cancel-var true?  One load once the runtime started. */
static inline bool cancel_var(void)
{
    int s = var_now();
    if (NRT_LIKELY(s == NANORT_CANCEL_VAR_FALSE))
        return false;
    if (s == NANORT_CANCEL_VAR_UNREAD) {
        nrt_ensure_started();
        return nrt_cancel_on;
    }
    return true;
}

static struct nanort_task *current(void)
{
    nrt_ensure_started();
    return nrt_current ? nrt_current : nrt_root;
}

void nanort_cancel_begin(nanort_cancel_scope *scope, int kind)
{
    if (!cancel_var())
        return;
    struct nanort_task *t = current();
    struct nrt_cancel *c = (struct nrt_cancel *)(void *)scope;
    c->up = t->cancel;
    c->owner = t;
    c->kind = kind & ~NANORT_CANCEL_TEAM;
    c->team = kind & NANORT_CANCEL_TEAM ? nrt_omp_team_cancelled() : NULL;
    atomic_init(&c->cancelled, 0);
    t->cancel = c;
}

void nanort_cancel_end(nanort_cancel_scope *scope)
{
    if (!cancel_var())
        return;
    struct nanort_task *t = current();
    struct nrt_cancel *c = (struct nrt_cancel *)(void *)scope;
    if (t->cancel != c)
        nrt_fatal("cancellation scopes closed out of order (a region left by a branch?)");
    t->cancel = c->up;
}

static bool is_cancelled(const struct nrt_cancel *c)
{
    return atomic_load_explicit(&c->cancelled, memory_order_acquire) != 0 ||
           (c->team && atomic_load_explicit(c->team, memory_order_acquire) != 0);
}

bool nrt_cancel_discarded(const struct nanort_task *t)
{
    if (t->flags & NRT_TF_DETACHED)
        return false;               /* its body gives its event away: run it */
    for (const struct nrt_cancel *c = t->cancel; c; c = c->up) {
        if (!is_cancelled(c))
            continue;
        if (c->kind == NANORT_CANCEL_TASKGROUP || c->kind == NANORT_CANCEL_PARALLEL)
            return true;
        if (c == t->cancel && c->owner == t->parent)
            return true;            /* a chunk or section of the cancelled construct */
    }
    return false;
}

/* The region of `kind` that task t's cancel or cancellation point binds to, or NULL:
 * taskgroup: the innermost taskgroup around it (not past a parallel region, whose
 * implicit task has none of its own); parallel: the region t's own body opened; for,
 * sections: the construct t is a chunk or section of (or runs in place, serialised),
 * past the taskgroups t opened itself. */
static struct nrt_cancel *binding(struct nanort_task *t, int kind)
{
    struct nrt_cancel *c = t->cancel;
    switch (kind) {
    case NANORT_CANCEL_TASKGROUP:
        for (; c && c->kind != NANORT_CANCEL_PARALLEL; c = c->up)
            if (c->kind == NANORT_CANCEL_TASKGROUP)
                return c;
        return NULL;
    case NANORT_CANCEL_PARALLEL:
        for (; c && c->owner == t; c = c->up)
            if (c->kind == NANORT_CANCEL_PARALLEL)
                return c;
        return NULL;
    default:
        while (c && c->owner == t && c->kind == NANORT_CANCEL_TASKGROUP)
            c = c->up;
        return c && c->kind == kind && (c->owner == t->parent || c->owner == t) ? c : NULL;
    }
}

int nanort_cancel(int kind, int activate)
{
    if (!cancel_var())
        return 0;
    struct nrt_cancel *c = binding(current(), kind);
    if (!c)
        return 0;
    if (activate) {
        atomic_store_explicit(&c->cancelled, 1, memory_order_release);
        if (c->team)                /* (the other members' scopes of the construct) */
            atomic_store_explicit(c->team, 1, memory_order_release);
    }
    return is_cancelled(c);
}
