/*
 * micro.h - what the per-task-cost microbenchmarks share.
 *
 * One binary per runtime (nanort, OpenMP compiled by gcc and by clang, StarPU).  Each
 * binary builds the SAME four task graphs; only the way tasks are created differs.
 * micro.c owns main(), the shared data, the task bodies, the timing and the check of
 * the result against a sequential run; a peer file (nanort.c, omp.c, starpu.c) only
 * implements the peer_* hooks below.
 *
 *   usage: bench-micro-<peer> PATTERN SPIN_ITERS NTASKS
 *          bench-micro-<peer> --calibrate MICROSECONDS
 * prints, before the timed run, "body_ns_per_task <float>": the body's share of the
 * per-task cost, i.e. the wall time of a runtime that cost nothing / number of tasks.
 * The mean body is measured by running the same bodies in graph order on the calling
 * thread without any runtime (before the runtime starts); the ideal wall time is that
 * mean times the body lengths the graph needs on peer_workers() threads (indep and
 * stencil: tasks / workers; chain: tasks, it is serial; fan: 1 + 31 + 1 per 64 tasks on
 * 2 workers).  Then, after the timed run, "ns_per_task <float> overhead_ns <float>":
 * wall time of the timed run / number of tasks, and that minus the body's share
 * (negative when noise made the sequential bodies slower than their share of the run;
 * printed as it is).  Exits 0, or 1 when the data the tasks computed differs from a
 * sequential run.
 */
#ifndef BENCH_MICRO_H
#define BENCH_MICRO_H

#include <stdint.h>

/* The task graphs.  X-macro: enum and name table from one list. */
#define MICRO_PATTERNS(X)                                                           \
    X(INDEP, "indep")     /* n tasks, no dependences */                             \
    X(CHAIN, "chain")     /* n tasks, inout on one variable */                      \
    X(STENCIL, "stencil") /* n/8 steps of 8 cells: in 3 neighbours, out 1 cell */   \
    X(FAN, "fan")         /* n/64 rounds: 1 producer, 62 readers, 1 writer */

enum micro_pattern {
#define MICRO_ENUM(e, s) MICRO_##e,
    MICRO_PATTERNS(MICRO_ENUM)
#undef MICRO_ENUM
    MICRO_PATTERN_COUNT
};

#define MICRO_WIDTH 8        /* stencil cells per step */
#define MICRO_FAN_READERS 62 /* readers per fan round (+ producer + writer = 64 tasks) */

/* ---- data the task bodies touch (micro.c) -------------------------------------------- */

extern uint64_t *micro_out;                       /* indep: one cell per task */
extern uint64_t micro_x;                          /* chain and fan: the shared variable */
extern uint64_t micro_grid[2][MICRO_WIDTH];       /* stencil: double buffer */
extern uint64_t micro_fan_sum[MICRO_FAN_READERS]; /* fan: one slot per reader */

/* ---- task bodies (micro.c): a few loads and stores, then the calibrated spin ---------- */

void micro_body_indep(long i);
void micro_body_chain(long k);
void micro_body_stencil(long step, int cell); /* step >= 1 */
void micro_body_fan_produce(long round);
void micro_body_fan_read(int reader);
void micro_body_fan_write(void);

/* Cell index of the left/right neighbour (periodic). */
static inline int micro_left(int i) { return (i + MICRO_WIDTH - 1) % MICRO_WIDTH; }
static inline int micro_right(int i) { return (i + 1) % MICRO_WIDTH; }

/* ---- timing (micro.c): a peer calls these around its timed region --------------------- */

/* Right before creating the first task. */
void micro_start(void);
/* Right after the wait for the last task returned. */
void micro_stop(void);

/* ---- what each peer implements --------------------------------------------------------- */

extern const char *const peer_name;

/* Start the runtime with 2 workers (not timed). */
void peer_init(void);
void peer_fini(void);
/* After peer_init: the number of threads that run task bodies (nanort and OpenMP: the
 * creating thread included; StarPU: its CPU workers, the submitting thread runs none). */
int peer_workers(void);

/* Create the tasks of one graph: `count` is the number of tasks (indep, chain), of
 * stencil steps (each of MICRO_WIDTH tasks; steps 1..count) or of fan rounds. */
typedef void micro_graph_fn(long count);
/* The peer's graph builders, indexed by enum micro_pattern. */
extern micro_graph_fn *const peer_graphs[MICRO_PATTERN_COUNT];
/* Call micro_start(), build(count), wait for every task, then micro_stop(). */
void peer_run(micro_graph_fn *build, long count);

#endif
