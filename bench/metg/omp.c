/*
 * omp.c - the METG stencil as OpenMP tasks with depend clauses, built by gcc -fopenmp
 * (libgomp) and by clang -fopenmp=libomp.  Workers: OMP_NUM_THREADS (run.sh sets it);
 * one thread creates, all execute.  At a border the cell itself stands in for the
 * missing neighbour: a list item named twice in depend(in:) is allowed and harmless.
 */
#include "metg.h"

#if defined(__clang__)
const char *const peer_name = "libomp";
#else
const char *const peer_name = "libgomp";
#endif

void peer_init(void) {}
void peer_fini(void) {}

static void build(long steps)
{
    for (long s = 1; s <= steps; s++) {
        long p = (s - 1) % 2, c = s % 2;
        for (int i = 0; i < metg_width; i++) {
            int l = metg_left(i), r = metg_right(i);
#pragma omp task firstprivate(s, i) depend(out: metg_grid[c][i]) \
    depend(in: metg_grid[p][l], metg_grid[p][i], metg_grid[p][r])
            metg_body(s, i);
        }
    }
}

void peer_run(long steps)
{
#pragma omp parallel
#pragma omp single
    {
        metg_start();
        build(steps);
#pragma omp taskwait
        metg_stop();
    }
}
