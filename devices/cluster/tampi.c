/*
 * tampi.c - task-aware MPI: TAMPI's public interface (mcc/include/TAMPI.h) on nanort.
 *
 * Non-blocking mode: TAMPI_Iwait(all) binds each request to the running task as one event
 * (nanort_task_events_increase) and queues it here; the polling service, called by the
 * runtime's polling thread every --poll-period us, tests every queued request with one
 * PMPI_Testsome and fulfils the events of those that completed, so the task completes once
 * its body has returned and its requests are done.  No worker ever waits for MPI.
 *
 * Blocking mode (MPI_Init_thread with MPI_TASK_MULTIPLE): the blocking MPI calls below are
 * intercepted through the MPI profiling interface.  On a worker thread (inside a task, or
 * main) a call posts the non-blocking version, queues its requests here like an Iwait, and
 * waits with nanort_block_until(): the task is paused, its thread sleeps and gives its
 * worker slot to a spare thread that runs other tasks meanwhile (nanort/block.c), and
 * takes the slot back when the polling service has seen the requests complete.  Decision
 * (docs/cluster.md): nanort has no task stacks of its own, so the thread stays with its
 * task and the worker moves; nesting the wait instead (running other tasks on the paused
 * task's stack) deadlocks programs whose tasks wait for each other through MPI
 * (tests/mpi/tampi_halo.c did).  Main blocks the same way and always gets worker 0 back.
 *
 * Locking: `Q.lock` guards the queue of requests; the polling service runs with it for the
 * PMPI_Testsome and fulfils the events after releasing it (fulfilling may complete tasks
 * and queue their successors).  Everything uses PMPI_ names, so the wrappers never
 * re-enter themselves.
 */
#include "cluster.h"
#include "TAMPI.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int blocking_mode, nonblocking_mode;    /* set at MPI initialisation */
static __thread int thread_unaware;              /* TAMPI_PROPERTY_THREAD_TASKAWARE = 0 */

/* One blocking call, or one TAMPI_Iwait(all): the requests of it still pending. */
struct waiter {
    void *events;                   /* the task's event counter (Iwait), NULL: blocking */
    atomic_int left;                /* seq_cst: the blocking waiter polls it */
};

struct pending {
    MPI_Request req;
    MPI_Status *status;             /* where its status goes, or MPI_STATUS_IGNORE */
    struct waiter *w;
    uint64_t t0;                    /* --trace: when it was bound */
};

static struct {
    struct nrt_lock lock;
    struct pending *v;              /* lock */
    int n, cap;                     /* lock */
    /* scratch of the polling service (lock) */
    MPI_Request *reqs;
    int *idx;
    MPI_Status *st;
    int scap;
    bool registered;                /* lock */
} Q = {.lock = NRT_LOCK_INITIALIZER};

static void mpi_fail(const char *call, int rc)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    if (PMPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        snprintf(msg, sizeof msg, "error %d", rc);
    fprintf(stderr, "nanort: TAMPI: %s failed in task '%s': %s\n", call,
            nanort_current_label(), msg);
    PMPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

/* Queue the non-null requests of r[0..n) for w (lock not held). */
static void enqueue(int n, MPI_Request *r, MPI_Status *st, size_t st_stride, struct waiter *w)
{
    nrt_lock_acquire(&Q.lock);
    for (int i = 0; i < n; i++) {
        if (r[i] == MPI_REQUEST_NULL)
            continue;
        if (Q.n == Q.cap) {
            Q.cap = Q.cap ? 2 * Q.cap : 64;
            Q.v = realloc(Q.v, (size_t)Q.cap * sizeof *Q.v);
            if (!Q.v)
                mpi_fail("malloc", MPI_ERR_NO_MEM);
        }
        MPI_Status *dst = st == MPI_STATUS_IGNORE
                              ? MPI_STATUS_IGNORE
                              : (MPI_Status *)((char *)st + (size_t)i * st_stride);
        Q.v[Q.n++] = (struct pending){r[i], dst, w, nrt_instr_on ? nrt_now_ns() : 0};
        r[i] = MPI_REQUEST_NULL;
    }
    nrt_lock_release(&Q.lock);
}

static void scratch(int n)
{
    if (n <= Q.scap)
        return;
    Q.scap = 2 * n;
    Q.reqs = realloc(Q.reqs, (size_t)Q.scap * sizeof *Q.reqs);
    Q.idx = realloc(Q.idx, (size_t)Q.scap * sizeof *Q.idx);
    Q.st = realloc(Q.st, (size_t)Q.scap * sizeof *Q.st);
    if (!Q.reqs || !Q.idx || !Q.st)
        mpi_fail("malloc", MPI_ERR_NO_MEM);
}

/* The polling service: test every queued request, fulfil what completed. */
static int poll_requests(void *arg)
{
    (void)arg;
    struct waiter *done_stack[64], **done = done_stack;
    int ndone = 0;
    nrt_lock_acquire(&Q.lock);
    if (Q.n == 0) {
        nrt_lock_release(&Q.lock);
        return 0;
    }
    scratch(Q.n);
    for (int i = 0; i < Q.n; i++)
        Q.reqs[i] = Q.v[i].req;
    int out = 0;
    int rc = PMPI_Testsome(Q.n, Q.reqs, &out, Q.idx, Q.st);
    if (rc != MPI_SUCCESS)
        mpi_fail("MPI_Testsome (of requests bound to tasks)", rc);
    if (out > 64 && !(done = malloc((size_t)out * sizeof *done)))
        mpi_fail("malloc", MPI_ERR_NO_MEM);
    uint64_t now = nrt_instr_on ? nrt_now_ns() : 0;
    for (int k = 0; k < out && out != MPI_UNDEFINED; k++) {
        struct pending *p = &Q.v[Q.idx[k]];
        if (p->status != MPI_STATUS_IGNORE)
            *p->status = Q.st[k];
        if (nrt_instr_on) {         /* --trace: the request's span on the MPI track */
            int bytes = 0;
            if (PMPI_Get_count(&Q.st[k], MPI_BYTE, &bytes) != MPI_SUCCESS || bytes < 0)
                bytes = 0;
            nrt_instr_transfer(0, 0, (size_t)bytes, p->t0, now, NRT_TRACK_MPI);
        }
        done[ndone++] = p->w;
    }
    /* drop the completed ones (their copies in Q.reqs are MPI_REQUEST_NULL now) */
    int w = 0;
    for (int i = 0; i < Q.n; i++)
        if (Q.reqs[i] != MPI_REQUEST_NULL)
            Q.v[w++] = Q.v[i];
    Q.n = w;
    nrt_lock_release(&Q.lock);
    bool wake = false;
    for (int k = 0; k < ndone; k++) {
        struct waiter *x = done[k];
        void *events = x->events;
        if (atomic_fetch_sub(&x->left, 1) != 1)
            continue;
        if (events) {
            free(x);
            nanort_task_events_decrease(events, 1);
        } else {
            wake = true;            /* x lives on the waiting thread's stack: not touched */
        }
    }
    if (done != done_stack)
        free(done);
    if (wake)
        nanort_wake_waiters();
    return 0;
}

static void ensure_polling(void)
{
    nrt_lock_acquire(&Q.lock);
    bool reg = !Q.registered;
    Q.registered = true;
    nrt_lock_release(&Q.lock);
    if (reg)
        nanort_poll_register("tampi", poll_requests, NULL);
}

static int waiter_done(void *arg)
{
    struct waiter *w = arg;
    return atomic_load(&w->left) == 0;
}

/* Wait for n requests, running other tasks meanwhile (both modes; main included). */
static int wait_all(int n, MPI_Request *r, MPI_Status *st)
{
    int flag = 0;
    int rc = PMPI_Testall(n, r, &flag, st);
    if (rc != MPI_SUCCESS || flag)
        return rc;
    int live = 0;
    for (int i = 0; i < n; i++)
        live += r[i] != MPI_REQUEST_NULL;
    struct waiter w = {NULL, live};
    ensure_polling();
    enqueue(n, r, st, sizeof(MPI_Status), &w);
    nanort_block_until(waiter_done, &w);
    return MPI_SUCCESS;
}

/* ---- the non-blocking interface ----------------------------------------------------- */

static void need_nonblocking(const char *call)
{
    if (!nonblocking_mode) {
        fprintf(stderr, "nanort: %s needs MPI initialised with MPI_Init_thread(..., "
                        "MPI_THREAD_MULTIPLE or MPI_TASK_MULTIPLE, ...) (task '%s')\n", call,
                nanort_current_label());
        exit(1);
    }
}

static int bind(int n, MPI_Request *r, MPI_Status *st, const char *call)
{
    need_nonblocking(call);
    void *events = nanort_task_events();
    if (!events)
        return wait_all(n, r, st);  /* outside a task: like MPI_Waitall */
    int flag = 0;
    int rc = PMPI_Testall(n, r, &flag, st);
    if (rc != MPI_SUCCESS || flag)
        return rc;
    int live = 0;
    for (int i = 0; i < n; i++)
        live += r[i] != MPI_REQUEST_NULL;
    if (!live)
        return MPI_SUCCESS;
    struct waiter *w = malloc(sizeof *w);
    if (!w)
        mpi_fail("malloc", MPI_ERR_NO_MEM);
    w->events = events;
    atomic_init(&w->left, live);
    nanort_task_events_increase(events, 1);   /* before the poller can see the requests */
    ensure_polling();
    enqueue(n, r, st, sizeof(MPI_Status), w);
    return MPI_SUCCESS;
}

int TAMPI_Iwait(MPI_Request *request, MPI_Status *status)
{
    return bind(1, request, status, "TAMPI_Iwait");
}

int TAMPI_Iwaitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    return bind(count, requests, statuses, "TAMPI_Iwaitall");
}

int TAMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm)
{
    MPI_Request r;
    int rc = PMPI_Isend(buf, count, datatype, dest, tag, comm, &r);
    return rc != MPI_SUCCESS ? rc : bind(1, &r, MPI_STATUS_IGNORE, "TAMPI_Isend");
}

int TAMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag,
                MPI_Comm comm, MPI_Status *status)
{
    MPI_Request r;
    int rc = PMPI_Irecv(buf, count, datatype, source, tag, comm, &r);
    return rc != MPI_SUCCESS ? rc : bind(1, &r, status, "TAMPI_Irecv");
}

int TAMPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                     MPI_Op op, MPI_Comm comm)
{
    MPI_Request r;
    int rc = PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, &r);
    return rc != MPI_SUCCESS ? rc : bind(1, &r, MPI_STATUS_IGNORE, "TAMPI_Iallreduce");
}

int TAMPI_Property_get(int property, int *value)
{
    switch (property) {
    case TAMPI_PROPERTY_BLOCKING_MODE: *value = blocking_mode; return MPI_SUCCESS;
    case TAMPI_PROPERTY_NONBLOCKING_MODE: *value = nonblocking_mode; return MPI_SUCCESS;
    case TAMPI_PROPERTY_THREAD_TASKAWARE: *value = !thread_unaware; return MPI_SUCCESS;
    case TAMPI_PROPERTY_AUTO_INIT: *value = 1; return MPI_SUCCESS;
    default: return MPI_ERR_ARG;
    }
}

int TAMPI_Property_set(int property, int value)
{
    if (property != TAMPI_PROPERTY_THREAD_TASKAWARE)
        return MPI_ERR_ARG;
    thread_unaware = !value;
    return MPI_SUCCESS;
}

int TAMPI_Blocking_enabled(int *flag)
{
    return TAMPI_Property_get(TAMPI_PROPERTY_BLOCKING_MODE, flag);
}

int TAMPI_Nonblocking_enabled(int *flag)
{
    return TAMPI_Property_get(TAMPI_PROPERTY_NONBLOCKING_MODE, flag);
}

/* ---- initialisation ------------------------------------------------------------------ */

static void refuse_in_cluster_mode(void)
{
    if (nrt_cluster_active())
        cl_die("this program initialises MPI itself, but NX_ARGS has --cluster: cluster mode "
               "runs programs that do not call MPI (rank 0 runs main and the other ranks "
               "serve its tasks); run an MPI+OmpSs program without --cluster");
}

static void after_init(int provided)
{
    nonblocking_mode = provided >= MPI_THREAD_MULTIPLE;
}

int MPI_Init(int *argc, char ***argv)
{
    refuse_in_cluster_mode();
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS) {
        int provided = MPI_THREAD_SINGLE;
        PMPI_Query_thread(&provided);
        after_init(provided);
    }
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    refuse_in_cluster_mode();
    bool task = required == MPI_TASK_MULTIPLE;
    int rc = PMPI_Init_thread(argc, argv, task ? MPI_THREAD_MULTIPLE : required, provided);
    if (rc != MPI_SUCCESS)
        return rc;
    after_init(*provided);
    if (task && *provided == MPI_THREAD_MULTIPLE) {
        blocking_mode = 1;
        *provided = MPI_TASK_MULTIPLE;
        nanort_tasks_may_block();
    }
    return rc;
}

int MPI_Query_thread(int *provided)
{
    int rc = PMPI_Query_thread(provided);
    if (rc == MPI_SUCCESS && blocking_mode && *provided == MPI_THREAD_MULTIPLE)
        *provided = MPI_TASK_MULTIPLE;
    return rc;
}

int MPI_Finalize(void)
{
    if (Q.registered)
        nanort_poll_unregister(poll_requests, NULL);
    blocking_mode = nonblocking_mode = 0;
    return PMPI_Finalize();
}

/* ---- the blocking calls (blocking mode) ---------------------------------------------- */

/* Is this call to be made task-aware?  On worker threads only (a thread of the program's
 * own keeps plain MPI semantics). */
static bool aware(void)
{
    return blocking_mode && !thread_unaware && nanort_worker_id() >= 0;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    if (!aware())
        return PMPI_Wait(request, status);
    return wait_all(1, request, status);
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    if (!aware())
        return PMPI_Waitall(count, requests, statuses);
    return wait_all(count, requests, statuses);
}

/* A blocking call through its non-blocking version: post, then wait task-aware. */
#define TASK_AWARE(call, icall)                                                            \
    do {                                                                                   \
        if (!aware())                                                                      \
            return call;                                                                   \
        MPI_Request r_ = MPI_REQUEST_NULL;                                                 \
        int rc_ = icall;                                                                   \
        return rc_ != MPI_SUCCESS ? rc_ : wait_all(1, &r_, status_);                       \
    } while (0)

int MPI_Recv(void *buf, int count, MPI_Datatype dt, int source, int tag, MPI_Comm comm,
             MPI_Status *status)
{
    MPI_Status *status_ = status;
    TASK_AWARE(PMPI_Recv(buf, count, dt, source, tag, comm, status),
               PMPI_Irecv(buf, count, dt, source, tag, comm, &r_));
}

int MPI_Send(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Send(buf, count, dt, dest, tag, comm),
               PMPI_Isend(buf, count, dt, dest, tag, comm, &r_));
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Ssend(buf, count, dt, dest, tag, comm),
               PMPI_Issend(buf, count, dt, dest, tag, comm, &r_));
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Bsend(buf, count, dt, dest, tag, comm),
               PMPI_Ibsend(buf, count, dt, dest, tag, comm, &r_));
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype dt, int dest, int tag, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Rsend(buf, count, dt, dest, tag, comm),
               PMPI_Irsend(buf, count, dt, dest, tag, comm, &r_));
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                 int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                 int recvtag, MPI_Comm comm, MPI_Status *status)
{
    if (!aware())
        return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                             recvtype, source, recvtag, comm, status);
    MPI_Request r[2];
    MPI_Status st[2];
    int rc = PMPI_Irecv(recvbuf, recvcount, recvtype, source, recvtag, comm, &r[0]);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = PMPI_Isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, &r[1]);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = wait_all(2, r, st);
    if (rc == MPI_SUCCESS && status != MPI_STATUS_IGNORE)
        *status = st[0];
    return rc;
}

int MPI_Barrier(MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Barrier(comm), PMPI_Ibarrier(comm, &r_));
}

int MPI_Bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Bcast(buf, count, dt, root, comm),
               PMPI_Ibcast(buf, count, dt, root, comm, &r_));
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op,
               int root, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Reduce(sendbuf, recvbuf, count, dt, op, root, comm),
               PMPI_Ireduce(sendbuf, recvbuf, count, dt, op, root, comm, &r_));
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op,
                  MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Allreduce(sendbuf, recvbuf, count, dt, op, comm),
               PMPI_Iallreduce(sendbuf, recvbuf, count, dt, op, comm, &r_));
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           comm),
               PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                            comm, &r_));
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                            comm),
               PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                             comm, &r_));
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                              comm),
               PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                               comm, &r_));
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                             comm),
               PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                              comm, &r_));
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op,
             MPI_Comm comm)
{
    MPI_Status *status_ = MPI_STATUS_IGNORE;
    TASK_AWARE(PMPI_Scan(sendbuf, recvbuf, count, dt, op, comm),
               PMPI_Iscan(sendbuf, recvbuf, count, dt, op, comm, &r_));
}
