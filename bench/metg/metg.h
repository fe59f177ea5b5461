/*
 * metg.h - what the METG benchmark binaries share (bench/README.md, "METG").
 *
 * Task Bench's minimum effective task granularity on its 1-D stencil pattern: WIDTH
 * tasks per step; task (s, i) reads cells i-1, i, i+1 (clipped at the borders) written
 * in step s-1 and writes cell i.  One binary per runtime; metg.c owns main(), the
 * cells, the busy-wait body, the timing and the check against a sequential run; a peer
 * file (nanort.c, omp.c, starpu.c) only implements the peer_* hooks below.
 *
 *   usage: metg-<peer> WIDTH STEPS SPIN_ITERS
 *          metg-<peer> --ideal WIDTH STEPS SPIN_ITERS
 *          metg-<peer> --calibrate MICROSECONDS
 * prints "seconds <float>" (wall time of the timed run) and exits 0, or exits 1 when
 * the cells differ from a sequential run.  --ideal times WIDTH plain threads running
 * STEPS bodies each, no runtime: the parallel ideal the machine offers at that moment.  Workers come from the runtime's usual
 * environment (NX_ARGS, OMP_NUM_THREADS, STARPU_NCPU), which bench/metg/run.sh sets.
 */
#ifndef BENCH_METG_H
#define BENCH_METG_H

#include <stdint.h>

#define METG_MAX_WIDTH 1024

/* Double buffer: step s writes metg_grid[s % 2], reads metg_grid[(s - 1) % 2]. */
extern uint64_t metg_grid[2][METG_MAX_WIDTH];
extern int metg_width;

/* Neighbours of cell i, clipped (at a border the cell itself stands in). */
static inline int metg_left(int i) { return i > 0 ? i - 1 : i; }
static inline int metg_right(int i) { return i + 1 < metg_width ? i + 1 : i; }

/* Number of distinct cells task (s, i) reads: 1 (width 1), 2 (a border) or 3. */
static inline int metg_nreads(int i) { return 1 + (metg_left(i) != i) + (metg_right(i) != i); }
/* The k-th distinct cell it reads, k < metg_nreads(i): left, itself, right. */
int metg_read_cell(int i, int k);

/* The task body: update cell i of step s (s >= 1), then spin. */
void metg_body(long step, int cell);

/* Timing: right before the first task is created, right after the final wait. */
void metg_start(void);
void metg_stop(void);

/* ---- what each peer implements --------------------------------------------------------- */
extern const char *const peer_name;
void peer_init(void);
void peer_fini(void);
/* metg_start(), create steps 1..steps of metg_width tasks, wait for all, metg_stop(). */
void peer_run(long steps);

#endif
