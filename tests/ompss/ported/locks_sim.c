/* ported: openmp
 * ported-needs: omp-locks
 * A particle simulation in the style of OpenMP codes that take locks: particles move
 * between cells, each move a task that takes the locks of the two cells it touches (in
 * address order, so no deadlock), a nest lock around a global log, omp_test_lock polled
 * by a watcher task.  The cell populations and the log count are the same whatever the
 * order of the moves.  Prints them. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
/* the sequential build: locks that are never contended */
typedef int omp_lock_t, omp_nest_lock_t;
static void omp_init_lock(omp_lock_t *l) { *l = 0; }
static void omp_destroy_lock(omp_lock_t *l) { (void)l; }
static void omp_set_lock(omp_lock_t *l) { *l = 1; }
static void omp_unset_lock(omp_lock_t *l) { *l = 0; }
static int omp_test_lock(omp_lock_t *l) { return *l ? 0 : (*l = 1); }
static void omp_init_nest_lock(omp_nest_lock_t *l) { *l = 0; }
static void omp_destroy_nest_lock(omp_nest_lock_t *l) { (void)l; }
static void omp_set_nest_lock(omp_nest_lock_t *l) { ++*l; }
static void omp_unset_nest_lock(omp_nest_lock_t *l) { --*l; }
#endif

#define CELLS 32
#define PARTICLES 400
#define STEPS 4

static omp_lock_t cell_lock[CELLS];
static omp_nest_lock_t log_lock;
static int population[CELLS], moves_logged;

static void log_move(int depth)
{
    omp_set_nest_lock(&log_lock);
    if (depth > 0)
        log_move(depth - 1);            /* re-entry by the holder */
    else
        moves_logged++;
    omp_unset_nest_lock(&log_lock);
}

static void move(int from, int to)
{
    int a = from < to ? from : to, b = from < to ? to : from;
    omp_set_lock(&cell_lock[a]);
    if (b != a)
        omp_set_lock(&cell_lock[b]);
    population[from]--;
    population[to]++;
    if (b != a)
        omp_unset_lock(&cell_lock[b]);
    omp_unset_lock(&cell_lock[a]);
    log_move(2);
}

int main(void)
{
    int where[PARTICLES], polls = 0;
    for (int c = 0; c < CELLS; c++)
        omp_init_lock(&cell_lock[c]);
    omp_init_nest_lock(&log_lock);
    for (int p = 0; p < PARTICLES; p++) {
        where[p] = (p * 7) % CELLS;
        population[where[p]]++;
    }
#pragma omp parallel
#pragma omp single
    {
        for (int s = 0; s < STEPS; s++) {
            for (int p = 0; p < PARTICLES; p++) {
                int from = where[p], to = (from * 5 + p + s) % CELLS;
#pragma omp task firstprivate(from, to)
                move(from, to);
                where[p] = to;
            }
#pragma omp taskwait
        }
#pragma omp task shared(polls)
        {
            while (!omp_test_lock(&cell_lock[0]))
                polls++;
            omp_unset_lock(&cell_lock[0]);
        }
    }
    for (int c = 0; c < CELLS; c++)
        omp_destroy_lock(&cell_lock[c]);
    omp_destroy_nest_lock(&log_lock);
    printf("population:");
    for (int c = 0; c < CELLS; c++)
        printf(" %d", population[c]);
    printf("\nmoves logged %d\n", moves_logged);
    return 0;
}
