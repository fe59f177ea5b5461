/*
 * speed.c - cores of unequal speed (--speed-aware).
 *
 * On a machine whose cores do not run at one speed (performance and efficiency cores,
 * virtual CPUs that share physical cores with other guests: the GPU host's 16 ran one
 * body 1.2 to 2 times slower on half of them when all were busy, bench/ompss/README.md),
 * whichever worker takes a coarse task decides how long it lasts.  Where a run ends on a
 * chain of long bodies (cholesky at tile 256, matmul's last tiles), the chain should run
 * on the fast cores.
 *
 * Each worker measures itself: the moving mean of its coarse bodies' times, each divided
 * by its type's mean over all workers (task.c's long_mean_us), is its slowness (256 for
 * the mean).  A worker about to take coarse tasks from the shared FIFO (sched_dbf.c) or
 * to keep a coarse successor in place (worker.c) leaves them when as many idle workers
 * as there are tasks waiting are at least 1.25 times faster: they poll the FIFO and take
 * them (a sleeping one is woken once).  The wait is bounded: after a quarter of the
 * worker's mean coarse body, or 500 us, it takes the task itself, so a faster worker that
 * went to sleep or is busy elsewhere costs at most that.
 *
 * --chain-spread=US spreads chains without measuring speeds: a worker about to keep the
 * coarse successor of a body it ran (bodies of US or more, its moving mean) leaves it in
 * the FIFO when any other worker is idle, for the same bounded time.  A chain then moves
 * to another core at each link while workers are idle (the end of a run, where the chains
 * decide it), so a core slowed for a while carries one link of it, not all: libomp's
 * chains of cholesky 2048/256 changed CPU at 13 of 15 links, nanort's at 2 to 3, and
 * nanort's chain bodies were 12% longer (bench/ompss/README.md, session 15).  Only the
 * worker that left its successor waits (an idle worker taking from the FIFO does not
 * defer to another idle one).
 *
 * The states read across threads are hints (relaxed): a wrong one delays a task by the
 * bound above at most, never loses it (the task stays in the FIFO, which every poll and
 * every sleep test reads).
 */
#include "nrt.h"

bool nrt_speed_on;

#define NRT_SPEED_SAMPLES 4         /* bodies a worker times before its slowness counts */
#define SPEED_ONE 256u              /* slowness of a worker at its types' mean speed */
#define DEFER_MAX_NS 500000u        /* longest a worker leaves a task to a faster one */

void nrt_speed_start(int nworkers)
{
    /* The scan of the workers at each poll that finds coarse tasks: not for thousands of
     * workers (there are never that many cores of two speeds in one process). */
    nrt_speed_on = (nrt_cfg.speed_aware || nrt_cfg.chain_spread_us > 0) && nworkers > 1 &&
                   nworkers <= 256;
    for (int i = 0; i < nworkers; i++) {
        atomic_init(&nrt_workers[i].slowness, SPEED_ONE);
        atomic_init(&nrt_workers[i].nslow, 0);
        atomic_init(&nrt_workers[i].idle, NRT_BUSY);
    }
}

/* A coarse body of `ns` ran on w. */
void nrt_speed_record(struct nrt_worker *w, const struct nrt_type_info *info, uint64_t ns)
{
    uint64_t mean = (uint64_t)atomic_load_explicit(&info->long_mean_us, memory_order_relaxed) * 1000;
    if (!w || mean == 0)
        return;
    uint64_t r = ns * SPEED_ONE / mean;
    r = r < SPEED_ONE / 8 ? SPEED_ONE / 8 : r > 8 * SPEED_ONE ? 8 * SPEED_ONE : r;
    unsigned n = atomic_load_explicit(&w->nslow, memory_order_relaxed);
    uint64_t s = n ? atomic_load_explicit(&w->slowness, memory_order_relaxed) : r;
    atomic_store_explicit(&w->slowness, (unsigned)((3 * s + r) / 4), memory_order_relaxed);
    if (n < NRT_SPEED_SAMPLES)
        atomic_store_explicit(&w->nslow, n + 1, memory_order_relaxed);
    w->coarse_ns = w->coarse_ns ? (7 * w->coarse_ns + ns) / 8 : ns;
}

static bool measured(const struct nrt_worker *w)
{
    return atomic_load_explicit(&w->nslow, memory_order_relaxed) >= NRT_SPEED_SAMPLES;
}

/* The bound on one episode of leaving tasks to others. */
static bool episode_over(struct nrt_worker *self, uint64_t now)
{
    uint64_t bound = self->coarse_ns / 4 < DEFER_MAX_NS ? self->coarse_ns / 4 : DEFER_MAX_NS;
    return self->defer_since && now - self->defer_since > bound;
}

/* Leave the tasks to others (`others`: enough of them are idle) within the episode's
 * bound, which starts now if none runs; wake the sleepers once if one of them sleeps. */
static bool episode(struct nrt_worker *self, bool others, bool asleep)
{
    uint64_t now = nrt_now_ns();
    if (!others || episode_over(self, now)) {
        self->defer_since = 0;
        return false;
    }
    if (!self->defer_since) {
        self->defer_since = now;
        self->defer_woke = false;
    }
    if (asleep && !self->defer_woke) {
        self->defer_woke = true;
        nrt_wake_sleepers();
    }
    return true;
}

/* --chain-spread: leave the successor (and then the FIFO's coarse tasks, until it is
 * taken or the bound passes) to any idle worker. */
static bool spread_defer(struct nrt_worker *self, long waiting, bool successor)
{
    if (successor ? self->coarse_ns < (uint64_t)nrt_cfg.chain_spread_us * 1000
                  : !self->defer_since)
        return false;
    long idle = 0;
    bool asleep = false;
    for (int i = 0; i < nrt_nworkers && idle < waiting; i++) {
        struct nrt_worker *v = &nrt_workers[i];
        int st = atomic_load_explicit(&v->idle, memory_order_relaxed);
        if (v != self && st != NRT_BUSY) {
            idle++;
            asleep |= st == NRT_ASLEEP;
        }
    }
    return episode(self, idle > 0, asleep);
}

/* Should self leave the `waiting` coarse tasks it sees to faster idle workers?
 * `successor`: the one it would keep in place (worker.c), else the FIFO's (sched_dbf.c).
 * Called only with nrt_speed_on; a worker that takes a task clears its episode
 * (nrt_speed_idle). */
bool nrt_speed_defer(struct nrt_worker *self, long waiting, bool successor)
{
    if (!self || waiting <= 0)
        return false;
    if (nrt_cfg.chain_spread_us > 0 && !nrt_cfg.speed_aware)
        return spread_defer(self, waiting, successor);
    if (!measured(self))
        return false;
    unsigned mine = atomic_load_explicit(&self->slowness, memory_order_relaxed);
    long faster = 0;
    bool asleep = false;
    for (int i = 0; i < nrt_nworkers && faster < waiting; i++) {
        struct nrt_worker *v = &nrt_workers[i];
        int st = atomic_load_explicit(&v->idle, memory_order_relaxed);
        if (v == self || st == NRT_BUSY || !measured(v))
            continue;
        /* v at least 1.25 times faster: 5 v < 4 mine */
        if (5 * (uint64_t)atomic_load_explicit(&v->slowness, memory_order_relaxed) < 4 * (uint64_t)mine) {
            faster++;
            asleep |= st == NRT_ASLEEP;
        }
    }
    return episode(self, faster >= waiting, asleep);
}
