/*
 * metg.c - main(), the cells, the busy-wait body, timing and result check of the METG
 * benchmark (metg.h says how the pieces fit).  Compiled once by gcc and linked into every
 * peer, so the body is the same machine code whatever runtime creates the tasks.
 */
#include "metg.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t metg_grid[2][METG_MAX_WIDTH];
int metg_width;

static long spin_iters;
static double t_start, t_stop;
uint64_t metg_spin_sink;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void metg_start(void) { t_start = now(); }
void metg_stop(void) { t_stop = now(); }

/* A fixed amount of work rather than "spin until the clock says so": a task that loses
 * its core to another process takes longer, as real work would.  Dependent
 * multiply-adds, so the speed is the multiplier's latency whatever the code layout. */
static __attribute__((noinline)) void spin(long iters)
{
    uint64_t x = 1;
    for (long i = 0; i < iters; i++) {
        x = x * 6364136223846793005u + 1;
        __asm__ volatile("" : "+r"(x));
    }
    metg_spin_sink = x;
}

int metg_read_cell(int i, int k)
{
    int cells[3], n = 0;
    if (metg_left(i) != i)
        cells[n++] = metg_left(i);
    cells[n++] = i;
    if (metg_right(i) != i)
        cells[n++] = metg_right(i);
    return cells[k < n ? k : n - 1];
}

static uint64_t cell_value(const uint64_t *prev, long step, int i)
{
    return prev[metg_left(i)] + 2 * prev[i] + 3 * prev[metg_right(i)] + (uint64_t)step;
}

void metg_body(long step, int cell)
{
    metg_grid[step % 2][cell] = cell_value(metg_grid[(step - 1) % 2], step, cell);
    spin(spin_iters);
}

static void reset(void)
{
    for (int i = 0; i < metg_width; i++)
        metg_grid[0][i] = metg_grid[1][i] = (uint64_t)i + 1;
}

/* 0 when the cells hold what a sequential run of the same steps computes. */
static int check(long steps)
{
    static uint64_t grid[2][METG_MAX_WIDTH];
    for (int i = 0; i < metg_width; i++)
        grid[0][i] = grid[1][i] = (uint64_t)i + 1;
    for (long s = 1; s <= steps; s++)
        for (int i = 0; i < metg_width; i++)
            grid[s % 2][i] = cell_value(grid[(s - 1) % 2], s, i);
    return memcmp(grid, metg_grid, sizeof grid) != 0;
}

static int run_once(long steps)
{
    reset();
    peer_run(steps);
    if (check(steps)) {
        fprintf(stderr, "metg %s: wrong cells after %ld steps (dependences not honoured?)\n",
                peer_name, steps);
        return 1;
    }
    return 0;
}

/* Spin iterations for `us` microseconds: the fastest of many probes, so that a probe
 * preempted on a loaded machine does not count. */
static long calibrate(double us)
{
    const long probe = 1000 * 1000;
    double best = 1e9;
    for (int r = 0; r < 25; r++) {
        double t0 = now();
        spin(probe);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    return (long)(probe * (us * 1e-6) / best + 0.5);
}

/* ---- the ideal: the same bodies on WIDTH threads with no runtime and no dependences ---- */

struct ideal_arg {
    long steps;
    int cell;
};

static void *ideal_thread(void *p)
{
    struct ideal_arg *a = p;
    for (long s = 1; s <= a->steps; s++)
        spin(spin_iters);
    return NULL;
}

/* Wall time of WIDTH threads each running STEPS bodies: what the machine gives a
 * perfectly parallel program right now (on a shared machine, less than the calibration
 * promises), the denominator a runtime's efficiency is measured against. */
static int run_ideal(long steps)
{
    static pthread_t th[METG_MAX_WIDTH];
    static struct ideal_arg arg[METG_MAX_WIDTH];
    metg_start();
    for (int i = 0; i < metg_width; i++) {
        arg[i] = (struct ideal_arg){steps, i};
        int err = pthread_create(&th[i], NULL, ideal_thread, &arg[i]);
        if (err) {
            fprintf(stderr, "metg: pthread_create failed (%s)\n", strerror(err));
            return 1;
        }
    }
    for (int i = 0; i < metg_width; i++) {
        int err = pthread_join(th[i], NULL);
        if (err) {
            fprintf(stderr, "metg: pthread_join failed (%s)\n", strerror(err));
            return 1;
        }
    }
    metg_stop();
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: metg-%s WIDTH STEPS SPIN_ITERS   (1 <= WIDTH <= %d)\n"
                    "       metg-%s --ideal WIDTH STEPS SPIN_ITERS   (plain threads, no runtime)\n"
                    "       metg-%s --calibrate MICROSECONDS\n",
            peer_name, METG_MAX_WIDTH, peer_name, peer_name);
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--calibrate") == 0) {
        printf("%ld\n", calibrate(atof(argv[2])));
        return 0;
    }
    int ideal = argc == 5 && strcmp(argv[1], "--ideal") == 0;
    if (argc != 4 + ideal)
        usage();
    metg_width = atoi(argv[1 + ideal]);
    long steps = atol(argv[2 + ideal]);
    spin_iters = atol(argv[3 + ideal]);
    if (metg_width < 1 || metg_width > METG_MAX_WIDTH || steps < 1 || spin_iters < 0)
        usage();
    if (ideal) {
        if (run_ideal(steps))
            return 1;
        printf("seconds %.6f\n", t_stop - t_start);
        return 0;
    }

    peer_init();
    /* Warm-up (threads started, queues and allocators primed), then the timed run. */
    int bad = run_once(steps / 10 + 1);
    bad |= run_once(steps);
    peer_fini();
    if (bad)
        return 1;
    printf("seconds %.6f\n", t_stop - t_start);
    return 0;
}
