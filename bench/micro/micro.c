/*
 * micro.c - main(), shared data, task bodies, timing and result check of the per-task
 * cost microbenchmarks (micro.h says how the pieces fit).
 *
 * Compiled once with gcc and linked into every peer binary, so the bodies and the spin
 * loop are the same machine code whatever compiler built the peer's task creation.
 */
#include "micro.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t *micro_out;
uint64_t micro_x;
uint64_t micro_grid[2][MICRO_WIDTH];
uint64_t micro_fan_sum[MICRO_FAN_READERS];

static long spin_iters; /* iterations of the spin loop each body runs */
static double t_start, t_stop;

static const char *const pattern_names[] = {
#define MICRO_NAME(e, s) s,
    MICRO_PATTERNS(MICRO_NAME)
#undef MICRO_NAME
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void micro_start(void) { t_start = now(); }
void micro_stop(void) { t_stop = now(); }

uint64_t micro_spin_sink;

/* The busy loop of a body: a chain of dependent multiply-adds, so its speed is set by
 * the multiplier's latency, not by how the compiler laid out the loop.  noinline: the
 * calibration and every body run the same machine code. */
static __attribute__((noinline)) void spin(long iters)
{
    uint64_t x = 1;
    for (long i = 0; i < iters; i++) {
        x = x * 6364136223846793005u + 1;
        __asm__ volatile("" : "+r"(x));
    }
    micro_spin_sink = x;
}

/* ---- task bodies: each update depends on the order the dependences impose ---------- */

void micro_body_indep(long i)
{
    micro_out[i] = (uint64_t)i + 1;
    spin(spin_iters);
}

void micro_body_chain(long k)
{
    micro_x = micro_x * 3 + (uint64_t)k;
    spin(spin_iters);
}

static uint64_t stencil_value(const uint64_t *prev, long step, int i)
{
    return prev[micro_left(i)] + 2 * prev[i] + 3 * prev[micro_right(i)] + (uint64_t)step;
}

void micro_body_stencil(long step, int cell)
{
    micro_grid[step % 2][cell] = stencil_value(micro_grid[(step - 1) % 2], step, cell);
    spin(spin_iters);
}

void micro_body_fan_produce(long round)
{
    micro_x = (uint64_t)round * 7 + 1;
    spin(spin_iters);
}

void micro_body_fan_read(int reader)
{
    micro_fan_sum[reader] += micro_x;
    spin(spin_iters);
}

void micro_body_fan_write(void)
{
    micro_x += 1;
    spin(spin_iters);
}

/* ---- set-up and check against a sequential run -------------------------------------- */

static void reset(long count)
{
    free(micro_out);
    micro_out = calloc(count > 0 ? count : 1, sizeof *micro_out);
    if (!micro_out) {
        fprintf(stderr, "bench: out of memory for %ld cells\n", count);
        exit(2);
    }
    micro_x = 0;
    for (int i = 0; i < MICRO_WIDTH; i++)
        micro_grid[0][i] = micro_grid[1][i] = (uint64_t)i + 1;
    memset(micro_fan_sum, 0, sizeof micro_fan_sum);
}

static long tasks_of(enum micro_pattern p, long count)
{
    switch (p) {
    case MICRO_STENCIL: return count * MICRO_WIDTH;
    case MICRO_FAN: return count * (MICRO_FAN_READERS + 2);
    default: return count;
    }
}

/* Returns 0 when the tasks computed what a sequential run computes. */
static int check(enum micro_pattern p, long count)
{
    uint64_t x = 0, grid[2][MICRO_WIDTH];
    switch (p) {
    case MICRO_INDEP:
        for (long i = 0; i < count; i++)
            if (micro_out[i] != (uint64_t)i + 1)
                return 1;
        return 0;
    case MICRO_CHAIN:
        for (long k = 0; k < count; k++)
            x = x * 3 + (uint64_t)k;
        return micro_x != x;
    case MICRO_STENCIL:
        for (int i = 0; i < MICRO_WIDTH; i++)
            grid[0][i] = grid[1][i] = (uint64_t)i + 1;
        for (long s = 1; s <= count; s++)
            for (int i = 0; i < MICRO_WIDTH; i++)
                grid[s % 2][i] = stencil_value(grid[(s - 1) % 2], s, i);
        return memcmp(grid, micro_grid, sizeof grid) != 0;
    case MICRO_FAN:
        for (long r = 0; r < count; r++)
            x += (uint64_t)r * 7 + 1;
        for (int k = 0; k < MICRO_FAN_READERS; k++)
            if (micro_fan_sum[k] != x)
                return 1;
        return count > 0 && micro_x != (uint64_t)(count - 1) * 7 + 2;
    default:
        return 1;
    }
}

/* Run one graph; 0 when its result is right. */
static int run_once(enum micro_pattern p, long count)
{
    reset(tasks_of(p, count));
    peer_run(peer_graphs[p], count);
    if (check(p, count)) {
        fprintf(stderr, "bench %s: %s computed a wrong result (dependences not honoured?)\n",
                peer_name, pattern_names[p]);
        return 1;
    }
    return 0;
}

/* The bodies of one graph in the order a sequential program runs them, on the calling
 * thread and without any runtime; returns the seconds they took.  Then checks that they
 * computed what check() expects, so the figure is of the same work the tasks do. */
static double run_sequential(enum micro_pattern p, long count)
{
    reset(tasks_of(p, count));
    double t0 = now();
    switch (p) {
    case MICRO_INDEP:
        for (long i = 0; i < count; i++)
            micro_body_indep(i);
        break;
    case MICRO_CHAIN:
        for (long k = 0; k < count; k++)
            micro_body_chain(k);
        break;
    case MICRO_STENCIL:
        for (long s = 1; s <= count; s++)
            for (int i = 0; i < MICRO_WIDTH; i++)
                micro_body_stencil(s, i);
        break;
    case MICRO_FAN:
        for (long r = 0; r < count; r++) {
            micro_body_fan_produce(r);
            for (int k = 0; k < MICRO_FAN_READERS; k++)
                micro_body_fan_read(k);
            micro_body_fan_write();
        }
        break;
    default:
        break;
    }
    double t = now() - t0;
    if (check(p, count)) {
        fprintf(stderr, "bench %s: the sequential run of %s disagrees with check()\n",
                peer_name, pattern_names[p]);
        exit(2);
    }
    return t;
}

/* How many body lengths a runtime that cost nothing would need for the graph on
 * `workers` threads: indep and stencil keep every worker busy (a stencil step has 8
 * ready cells, a multiple of 2 workers), chain is serial, and each fan round is the
 * producer, then the readers side by side, then the writer. */
static long ideal_lengths(enum micro_pattern p, long count, int workers)
{
    long w = workers, n = tasks_of(p, count);
    switch (p) {
    case MICRO_CHAIN: return count;
    case MICRO_FAN: return count * (2 + (MICRO_FAN_READERS + w - 1) / w);
    default: return (n + w - 1) / w;
    }
}

/* Spin iterations that take `us` microseconds on this machine: the fastest of many
 * short probes, so that a probe preempted on a loaded machine does not count. */
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

static void usage(void)
{
    fprintf(stderr, "usage: bench-micro-%s PATTERN SPIN_ITERS NTASKS\n"
                    "       bench-micro-%s --calibrate MICROSECONDS\n"
                    "PATTERN: indep chain stencil fan\n",
            peer_name, peer_name);
    exit(2);
}

static enum micro_pattern parse_pattern(const char *s)
{
    for (int p = 0; p < MICRO_PATTERN_COUNT; p++)
        if (strcmp(s, pattern_names[p]) == 0)
            return (enum micro_pattern)p;
    usage();
    return MICRO_PATTERN_COUNT;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--calibrate") == 0) {
        printf("%ld\n", calibrate(atof(argv[2])));
        return 0;
    }
    if (argc != 4)
        usage();
    enum micro_pattern p = parse_pattern(argv[1]);
    spin_iters = atol(argv[2]);
    long ntasks = atol(argv[3]);
    long count = tasks_of(p, 1) > 1 ? ntasks / tasks_of(p, 1) : ntasks;
    if (count < 1 || spin_iters < 0)
        usage();

    /* The body's share, measured before the runtime starts so that no idle worker
     * competes with it for a core. */
    double seq = run_sequential(p, count);
    peer_init();
    int workers = peer_workers();
    if (workers < 1) {
        fprintf(stderr, "bench %s: the runtime reports %d workers\n", peer_name, workers);
        return 2;
    }
    /* Mean body (sequential time / tasks) x the body lengths of an ideal schedule, per
     * task: seq / tasks / workers for indep and stencil, seq / tasks for chain. */
    double tasks = (double)tasks_of(p, count);
    double body_ns = seq * 1e9 / tasks * (double)ideal_lengths(p, count, workers) / tasks;
    /* Out before the timed run, so that a driver that stops a run too long still has it. */
    printf("body_ns_per_task %.1f\n", body_ns);
    fflush(stdout);
    /* Warm-up (threads started, allocators and queues primed), then the timed run. */
    int bad = run_once(p, count / 10 + 1);
    bad |= run_once(p, count);
    peer_fini();
    if (bad)
        return 1;
    double ns = (t_stop - t_start) * 1e9 / tasks_of(p, count);
    printf("ns_per_task %.1f overhead_ns %.1f\n", ns, ns - body_ns);
    return 0;
}
