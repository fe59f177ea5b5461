/*
 * omp.c - the microbenchmark graphs as OpenMP tasks with depend clauses.  Built twice:
 * by gcc -fopenmp (libgomp) and by clang -fopenmp (LLVM's libomp).  Workers: the team
 * of OMP_NUM_THREADS threads (default 2); one thread creates, all execute.
 */
#include "micro.h"

#include <omp.h>
#include <stdlib.h>

#if defined(__clang__)
const char *const peer_name = "libomp";
#else
const char *const peer_name = "libgomp";
#endif

void peer_init(void)
{
    setenv("OMP_NUM_THREADS", "2", 0); /* before the first parallel region reads it */
}

void peer_fini(void) {}

/* The team the next parallel region gets (no dynamic adjustment by default). */
int peer_workers(void) { return omp_get_max_threads(); }

static void indep(long n)
{
    for (long i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
        micro_body_indep(i);
    }
}

static void chain(long n)
{
    for (long k = 0; k < n; k++) {
#pragma omp task firstprivate(k) depend(inout: micro_x)
        micro_body_chain(k);
    }
}

static void stencil(long steps)
{
    for (long s = 1; s <= steps; s++) {
        long p = (s - 1) % 2, c = s % 2;
        for (int i = 0; i < MICRO_WIDTH; i++) {
#pragma omp task firstprivate(s, i) depend(out: micro_grid[c][i]) \
    depend(in: micro_grid[p][micro_left(i)], micro_grid[p][i], micro_grid[p][micro_right(i)])
            micro_body_stencil(s, i);
        }
    }
}

static void fan(long rounds)
{
    for (long r = 0; r < rounds; r++) {
#pragma omp task firstprivate(r) depend(out: micro_x)
        micro_body_fan_produce(r);
        for (int k = 0; k < MICRO_FAN_READERS; k++) {
#pragma omp task firstprivate(k) depend(in: micro_x)
            micro_body_fan_read(k);
        }
#pragma omp task depend(inout: micro_x)
        micro_body_fan_write();
    }
}

micro_graph_fn *const peer_graphs[MICRO_PATTERN_COUNT] = {indep, chain, stencil, fan};

void peer_run(micro_graph_fn *build, long count)
{
#pragma omp parallel
#pragma omp single
    {
        micro_start();
        build(count);
#pragma omp taskwait
        micro_stop();
    }
}
