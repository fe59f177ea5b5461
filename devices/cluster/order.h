/*
 * order.h - which of rank 0's messages a rank other than 0 may carry out now (serve.c).
 * No MPI here, so that the rules can be tested alone (tests/mpi/cluster_rules.c).
 *
 * A READ or PSEND (data sent from this rank) waits for the WRITEs and PRECVs received
 * before it that overlap its bytes (their data must have landed).  A RUN waits for those
 * overlapping its ranges (the bytes its regions span here; a RUN without ranges touches
 * everything), and for the data being sent from its ranges, or to be sent by a READ or
 * PSEND queued before it (the task may overwrite it).  Nothing else: the tasks in flight
 * on a rank are independent (rank 0 sends only ready tasks), so an item that waits does
 * not hold back the ones after it.
 */
#ifndef CLUSTER_ORDER_H
#define CLUSTER_ORDER_H

#include <stdbool.h>
#include <stdint.h>

/* Bytes [lo, hi) of this rank's memory. */
struct cl_span {
    uint64_t lo, hi;
};

/* A transfer not finished: WRITEs and PRECVs (data landing here, oldest first, seq
 * rising) or READs and PSENDs (data leaving). */
struct cl_xfer_at {
    uint64_t seq;                   /* landing: the count of such transfers before it */
    int left;                       /* messages not complete */
    struct cl_span at;
    struct cl_xfer_at *next;
};

/* An item that waits to be carried out. */
struct cl_wants {
    bool run;                       /* a RUN; otherwise a READ or a PSEND */
    uint64_t landing_before;        /* landing transfers received before it (their seq < it) */
    int n;                          /* its spans; a RUN with none touches everything */
    const struct cl_span *spans;
};

/* Must `it` wait?  `landing`: the unfinished WRITEs and PRECVs, oldest first; `leaving`:
 * the unfinished READs and PSENDs; `queued`: the spans of the READs and PSENDs queued
 * before it, not carried out yet. */
bool cl_must_wait(const struct cl_wants *it, const struct cl_xfer_at *landing,
                  const struct cl_xfer_at *leaving, const struct cl_span *queued, int nqueued);

#endif /* CLUSTER_ORDER_H */
