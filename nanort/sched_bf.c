/*
 * sched_bf.c - breadth first: one global FIFO queue for every worker.
 */
#include "nrt.h"

static struct nrt_tqueue bf_queue;

static void bf_init(int nworkers)
{
    (void)nworkers;
    nrt_tqueue_init(&bf_queue);
}

static void bf_fini(void)
{
    nrt_tqueue_destroy(&bf_queue);
}

static void bf_push(struct nrt_worker *self, struct nanort_task *t)
{
    (void)self;
    nrt_tqueue_push_back(&bf_queue, t);
}

static struct nanort_task *bf_pop(struct nrt_worker *self)
{
    (void)self;
    return nrt_tqueue_pop_front(&bf_queue);
}

static long bf_queued(struct nrt_worker *self)
{
    long n = atomic_load(&bf_queue.n);
    return self ? n / nrt_nworkers : n;       /* a worker's share of the one queue */
}

const struct nrt_sched nrt_sched_bf = {
    .name = "bf",
    .help = "breadth first: one global FIFO queue; priorities honoured",
    .init = bf_init,
    .fini = bf_fini,
    .push = bf_push,
    .pop = bf_pop,
    .queued = bf_queued,
};
