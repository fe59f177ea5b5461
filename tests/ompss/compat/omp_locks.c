/* A particle simulation that takes omp locks: particles move on a ring of cells; tasks
 * over chunks of particles add each particle's charge to its cell under that cell's lock
 * (omp_lock_t, one per cell), count collisions under a lock taken by omp_test_lock in a
 * spin, and log moves under a nestable lock taken again by a recursive helper.  Each
 * step ends with a taskwait.  Prints the cell totals and counters: the same under every
 * runtime (gcc -fopenmp's libgomp is the oracle), whatever the order of the updates. */
#include <omp.h>
#include <stdio.h>

#define NP 4000
#define NC 37
#define STEPS 6
#define CHUNK 125

typedef struct {
    long pos;
    long charge;
} particle;

static particle parts[NP];
static long cell_charge[NC];
static omp_lock_t cell_lock[NC];
static long collisions;
static omp_lock_t collide_lock;
static long logged, depth_sum;
static omp_nest_lock_t log_lock;

/* Takes the nest lock once per level (re-entry by the owning task). */
static void log_move(int levels)
{
    omp_set_nest_lock(&log_lock);
    depth_sum += levels;
    if (levels > 1)
        log_move(levels - 1);
    else
        logged++;
    omp_unset_nest_lock(&log_lock);
}

static void move_chunk(particle *p, int n, int step)
{
    for (int i = 0; i < n; i++) {
        p[i].pos = (p[i].pos * 7 + step * 3 + p[i].charge) % NC;
        long c = p[i].pos;
        omp_set_lock(&cell_lock[c]);
        cell_charge[c] += p[i].charge;
        omp_unset_lock(&cell_lock[c]);
        if (p[i].pos == step % NC) {
            while (!omp_test_lock(&collide_lock))
                ;                           /* spin: another task holds it briefly */
            collisions++;
            omp_unset_lock(&collide_lock);
        }
        if (i % 50 == 0)
            log_move(1 + i % 3);
    }
}

int main(void)
{
    for (int i = 0; i < NP; i++)
        parts[i] = (particle){i % NC, 1 + i % 5};
    for (int c = 0; c < NC; c++)
        omp_init_lock(&cell_lock[c]);
    omp_init_lock(&collide_lock);
    omp_init_nest_lock(&log_lock);
#pragma omp parallel
#pragma omp single
    for (int step = 0; step < STEPS; step++) {
        for (int k = 0; k < NP; k += CHUNK) {
#pragma omp task firstprivate(k, step)
            move_chunk(&parts[k], CHUNK, step);
        }
#pragma omp taskwait
    }
    for (int c = 0; c < NC; c++)
        omp_destroy_lock(&cell_lock[c]);
    omp_destroy_lock(&collide_lock);
    omp_destroy_nest_lock(&log_lock);
    long total = 0;
    for (int c = 0; c < NC; c++) {
        printf("cell %d %ld\n", c, cell_charge[c]);
        total += cell_charge[c];
    }
    printf("total %ld collisions %ld logged %ld depth %ld\n", total, collisions, logged, depth_sum);
    return 0;
}
