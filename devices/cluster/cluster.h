/*
 * cluster.h - the MPI plugin of nanort (libnanort-mpi.so): cluster mode and TAMPI.
 *
 *   comm.c    MPI start and stop, the handshake, the communication thread (one per rank):
 *             jobs other threads hand it, MPI requests it tests, its sleeping
 *   addr.c    rank 0's address windows and their images on the other ranks
 *   space.c   rank 0: every other rank is a memory space (device ops): transfers and
 *             task runs become messages; events complete on the communication thread
 *   serve.c   ranks other than 0: carry out rank 0's messages in order, run its tasks
 *   tampi.c   TAMPI.h (task-aware MPI) and the blocking-mode MPI wrappers
 *
 * Cluster mode (docs/cluster.md).  Rank 0 runs main.  Each other rank is a memory space of
 * rank 0's cache; tasks with an smp implementation may be sent there.  Addresses are not
 * shared between processes, so rank 0 translates: data in the executable's image (global
 * variables, functions, task types) by the difference of the two load addresses (every
 * rank runs the same executable), other data (heap, stacks, mappings) into two windows of
 * address space each rank reserves at start, at a fixed offset per window, so that pointer
 * arithmetic between the regions of one object stays valid there (a task may index its
 * neighbours' rows from one base pointer).  Only region bytes are sent.  A task goes to
 * another rank only when every pointer in its argument block names one of its regions or
 * lies in the image; otherwise it runs on rank 0.
 *
 * Messages (on a communicator of our own, so a program's tags never match ours):
 *   rank 0 -> r   CTRL tag: struct cl_msg (+ the argument block of a RUN)
 *                 WRITE  then the data on the transfer's own tag, in chunks
 *                 READ   r sends the data back on the transfer's tag, in chunks
 *                 RUN    run task type/impl with this argument block; DONE when finished
 *                 PSEND  r sends the data to another rank (a copy between two ranks)
 *                 PRECV  r receives the data from another rank (counts as a WRITE)
 *                 STOP   no more messages: finish and exit
 *   r -> rank 0   REPLY tag: DONE (the run's id, the body's time)
 * Rank r carries them out as soon as the transfers they depend on allow: a READ, PSEND or
 * RUN waits until every WRITE and PRECV received before it that overlaps its bytes (a
 * RUN's: the ranges of its regions) has landed, and a RUN also until the data of READs and
 * PSENDs overlapping its ranges has left (rank 0 copies results back without waiting,
 * --eager-writeback, and the next task may overwrite them); one that waits does not hold
 * back the ones after it (tasks in flight are independent), except STOP, which waits for
 * everything before it.
 */
#ifndef CLUSTER_H
#define CLUSTER_H

#include "../../nanort/nrt.h"
#include "order.h"

#include <mpi.h>

enum cl_op { CL_WRITE = 1, CL_READ, CL_RUN, CL_STOP, CL_DONE, CL_PSEND, CL_PRECV };

enum cl_tag { CL_TAG_CTRL = 1, CL_TAG_REPLY = 2, CL_TAG_ARGS = 3, CL_TAG_DATA = 16 };

struct cl_msg {
    uint32_t op;                    /* enum cl_op */
    uint32_t args_follow;           /* RUN: the argument block comes on CL_TAG_ARGS */
    int32_t peer;                   /* PSEND: the rank to send to; PRECV: to receive from */
    int32_t nranges;                /* RUN: byte ranges after the argument block (below) */
    uint64_t id;                    /* RUN/DONE: rank 0's event; WRITE/READ: the data tag */
    uint64_t addr;                  /* WRITE/READ: remote address of the first byte */
    uint64_t width, rows, pitch;    /* WRITE/READ: rows of width bytes, pitch apart */
    uint64_t chunk;                 /* WRITE/READ: bytes per message (cl_pieces) */
    uint64_t type, impl, run;       /* RUN: remote addresses */
    uint64_t args;                  /* RUN: bytes of the argument block */
    uint64_t ns;                    /* DONE: the body's time on the remote rank */
    uint64_t queued_ns;             /* DONE: how long it waited there for a worker */
    uint64_t t_recv, t_start, t_body0;  /* DONE: when the RUN came, became a task, ran
                                         * (CLOCK_MONOTONIC there: --cluster-profile) */
    uint64_t t_reply;               /* DONE: when its communication thread sent it */
};
/* A RUN's argument block is followed by `nranges` struct cl_span (order.h): the bytes its
 * regions span on the receiving rank (translated), so that it waits only for the transfers
 * into or out of them, not for every transfer received before it. */
/* A control message: the header and an argument block of up to this size. */
#define CL_CTRL_MAX 4096

/* ---- comm.c ------------------------------------------------------------------------- */
extern MPI_Comm cl_comm;            /* ours: dup of MPI_COMM_WORLD */
extern int cl_rank, cl_size;

/* Initialise MPI (thread level multiple when available), the communicator, the
 * handshake (addr.c), and start this rank's communication thread. */
void cl_start(void);
/* Let the communication thread finish what is posted, stop it, finalise MPI. */
void cl_stop(void);
/* A call failed: the message names this rank and `what` (a task, a transfer), then the
 * whole run stops (MPI_Abort: exit status 1 on every rank). */
void cl_mpi_check(int rc, const char *call, const char *what);
_Noreturn void cl_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Run fn(arg) on the communication thread (any thread; FIFO). */
typedef void cl_job_fn(void *arg);
void cl_job(cl_job_fn *fn, void *arg);
/* Communication thread only: test r until it completes, then call done(arg, status).
 * `background`: a receive that is always posted (it does not keep the thread polling
 * fast). */
typedef void cl_done_fn(void *arg, MPI_Status *st);
void cl_watch(MPI_Request r, cl_done_fn *done, void *arg, bool background);
/* Things outside MPI requests that keep the thread polling fast (tasks running on
 * another rank whose DONE is awaited, tasks running here): +1 / -1 from any thread. */
void cl_busy(int delta);
/* A thread blocks until a transfer completes (a copy back to the host that a worker or
 * the cache waits for): +1 / -1 from any thread.  Meanwhile the communication thread
 * yields instead of napping between rounds (the waiter's core is free), so the wait
 * does not also pay a nap. */
void cl_urgent(int delta);
/* Called by the communication thread after every round of tests (serve.c: its queue). */
extern void (*cl_after_round)(void);
/* The communication thread leaves its loop once this returns true and nothing is posted
 * but background receives. */
extern bool (*cl_finished)(void);

/* The pieces of a transfer of `rows` rows of `width` bytes, `pitch` apart, in messages of
 * at most `chunk` bytes: piece k starts `off` bytes from the first byte and is `count`
 * elements of `type` (a datatype the caller frees with MPI_Type_free when not MPI_BYTE). */
unsigned cl_pieces(uint64_t width, uint64_t rows, uint64_t chunk);
void cl_piece(uint64_t width, uint64_t rows, uint64_t pitch, uint64_t chunk, unsigned k,
              size_t *off, int *count, MPI_Datatype *type);

/* ---- addr.c --------------------------------------------------------------------------- */
/* Rank 0's windows (published by the handshake). */
struct cl_windows {
    uintptr_t img_lo, img_hi;       /* the executable's image */
    uintptr_t img_base;             /* its load address */
    uintptr_t data_lo, data_hi;     /* its writable part (globals rank 0 may change) */
    uintptr_t heap_lo, heap_hi;     /* after the image: the brk heap */
    uintptr_t high_lo, high_hi;     /* mappings and stacks */
};
/* What a rank tells rank 0 in the handshake. */
struct cl_rank_info {
    uint64_t img_base, img_size;
    uint64_t heap_win, high_win;    /* where it reserved the two windows */
    int32_t workers, pid;
    char host[64];
};
/* Rank 0: fill its windows; the others: reserve their images of them. */
void cl_windows_of_rank0(struct cl_windows *w);
void cl_reserve_windows(const struct cl_windows *w, struct cl_rank_info *me);
void cl_image(uintptr_t *base, uint64_t *size);
enum cl_win { CL_WIN_NONE, CL_WIN_IMG, CL_WIN_HEAP, CL_WIN_HIGH };
/* Which window of rank 0 holds address a. */
enum cl_win cl_window(const struct cl_windows *w, uintptr_t a);

/* ---- space.c (rank 0) ------------------------------------------------------------------ */
extern const struct nrt_device_ops cl_device;
/* The handshake's results, and the remote ranks' windows (rank 0). */
extern struct cl_windows cl_win0;
extern struct cl_rank_info *cl_ranks;   /* [cl_size], rank 0's own entry unused */
/* DONE from rank `from` (communication thread). */
void cl_space_done(int from, const struct cl_msg *m);

/* ---- prof.c: --cluster-profile, the steps of remote tasks' lives ------------------ */
#define CL_PROF_STEPS 9             /* post sent recv start body0 body1 reply done release */
extern bool cl_prof_on;             /* set at start, read-only after */
void cl_prof_init(void);
void cl_prof_run(const char *label, int rank, const uint64_t t[CL_PROF_STEPS]);
/* A rank's space closed: its manager's wake-ups (and the futile ones), the tasks queued
 * for it that rank 0 took back. */
void cl_prof_space(int rank, unsigned long wakeups, unsigned long futile,
                   unsigned long taken_back);
void cl_prof_wait(int lane, uint64_t ns);
void cl_prof_print(void);

/* ---- serve.c (other ranks) ---------------------------------------------------------------- */
void cl_serve(void);
/* The receive of control messages posted on the communication thread (other ranks). */
void cl_serve_start(void);

#endif /* CLUSTER_H */
