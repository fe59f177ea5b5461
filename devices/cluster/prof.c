/*
 * prof.c - --cluster-profile: where a remote task's time goes (rank 0 prints it at the
 * end, on stderr).  A debugging aid for the distributed layer, not a user feature.
 *
 * Every task rank 0 runs on another rank is timed at each step of its life:
 *   post     the manager has staged it (its inputs' WRITEs are queued) and posts the RUN
 *   sent     the RUN message has left rank 0
 *   recv     the other rank's communication thread has received it
 *   start    it became a task there (earlier WRITEs landed, earlier READs left)
 *   body0/1  its body ran on a worker there
 *   reply    the communication thread there sent the DONE
 *   done     rank 0's communication thread received the DONE
 *   release  rank 0's manager took the task back (finished it in the cache and released
 *            its successors)
 * The ranks run on one machine in every measurement this serves (CLOCK_MONOTONIC is one
 * clock there); across machines the cross-rank steps are meaningless.  Waits of threads
 * on rank 0 for cluster events (a copy back to the host, an input that must land first)
 * are counted by lane.
 */
#include "cluster.h"

#include <stdlib.h>
#include <string.h>

bool cl_prof_on;

enum { P_SENT, P_RECV, P_START, P_BODY0, P_BODY1, P_REPLY, P_DONE, P_RELEASE, P_N };
static const char *const step_name[P_N] = {
    "post->sent", "sent->recv", "recv->start", "start->body", "body", "body->reply",
    "reply->done", "done->release"};

static struct nrt_lock lock = NRT_LOCK_INITIALIZER;
static struct label_stats {
    const char *label;
    unsigned long n;
    double sum[P_N];
    double max[P_N];
} labels[32];
static unsigned nlabels;
static atomic_ullong wait_ns[NRT_NLANES + 1], wait_n[NRT_NLANES + 1];
/* Per rank: bodies run there, their time, the first RUN posted and the last released
 * (how busy that rank's workers were while rank 0 used it). */
#define PROF_RANKS 64
static struct rank_stats {
    unsigned long n;
    double body_ns;
    uint64_t first, last;
    unsigned long wakeups, futile, taken_back;  /* cl_prof_space() */
} ranks[PROF_RANKS];

void cl_prof_init(void)
{
    cl_prof_on = nrt_cluster.profile;
}

void cl_prof_run(const char *label, int rank, const uint64_t t[CL_PROF_STEPS])
{
    nrt_lock_acquire(&lock);
    if (rank >= 0 && rank < PROF_RANKS) {
        struct rank_stats *r = &ranks[rank];
        r->n++;
        r->body_ns += (double)(t[5] - t[4]);
        if (!r->first || t[0] < r->first)
            r->first = t[0];
        if (t[8] > r->last)
            r->last = t[8];
    }
    struct label_stats *s = NULL;
    for (unsigned i = 0; i < nlabels && !s; i++)
        if (labels[i].label == label)
            s = &labels[i];
    if (!s && nlabels < sizeof labels / sizeof labels[0]) {
        s = &labels[nlabels++];
        s->label = label;
    }
    if (s) {
        s->n++;
        for (int k = 0; k < P_N; k++) {
            double d = t[k + 1] > t[k] ? (double)(t[k + 1] - t[k]) : 0;
            s->sum[k] += d;
            if (d > s->max[k])
                s->max[k] = d;
        }
    }
    nrt_lock_release(&lock);
}

void cl_prof_space(int rank, unsigned long wakeups, unsigned long futile,
                   unsigned long taken_back)
{
    if (rank < 0 || rank >= PROF_RANKS)
        return;
    nrt_lock_acquire(&lock);
    ranks[rank].wakeups = wakeups;
    ranks[rank].futile = futile;
    ranks[rank].taken_back = taken_back;
    nrt_lock_release(&lock);
}

void cl_prof_wait(int lane, uint64_t ns)
{
    if (lane < 0 || lane > NRT_NLANES)
        lane = NRT_NLANES;
    atomic_fetch_add_explicit(&wait_ns[lane], ns, memory_order_relaxed);
    atomic_fetch_add_explicit(&wait_n[lane], 1, memory_order_relaxed);
}

/* Rank 0's workers over the same kind of span as the other ranks' (from its first task
 * to its last: its worker threads' lifetime also holds main's own work before and after
 * the tasks), when --summary timed their bodies.  The workers have stopped (their fields
 * are final); worker 0 is this thread. */
static void print_rank0(void)
{
    uint64_t first = 0, last = 0, busy = 0;
    unsigned long n = 0;
    for (int i = 0; i < nrt_nworkers; i++) {
        const struct nrt_worker *w = &nrt_workers[i];
        if (!w->body_first)
            continue;
        if (!first || w->body_first < first)
            first = w->body_first;
        if (w->body_last > last)
            last = w->body_last;
        busy += w->busy_ns;
        n += w->tasks_run;
    }
    if (!nrt_cfg.summary || last <= first)
        return;                     /* (bodies are timed under --summary only) */
    fprintf(stderr, "  rank 0: %lu tasks, bodies %.1f ms, its %d workers busy %.0f%% from its "
            "first task to its last\n", n, (double)busy / 1e6, nrt_nworkers,
            100.0 * (double)busy / ((double)nrt_nworkers * (double)(last - first)));
}

void cl_prof_print(void)
{
    if (!cl_prof_on)
        return;
    nrt_lock_acquire(&lock);
    fprintf(stderr, "nanort: cluster profile (means in us; max in brackets)\n  %-10s %6s",
            "task", "n");
    for (int k = 0; k < P_N; k++)
        fprintf(stderr, " %16s", step_name[k]);
    fprintf(stderr, "\n");
    for (unsigned i = 0; i < nlabels; i++) {
        struct label_stats *s = &labels[i];
        fprintf(stderr, "  %-10.10s %6lu", s->label, s->n);
        for (int k = 0; k < P_N; k++)
            fprintf(stderr, " %7.0f [%6.0f]", s->sum[k] / (double)s->n / 1e3, s->max[k] / 1e3);
        fprintf(stderr, "\n");
    }
    print_rank0();
    for (int r = 1; r < PROF_RANKS && r < cl_size; r++) {
        const struct rank_stats *x = &ranks[r];
        int w = cl_ranks && cl_ranks[r].workers > 0 ? cl_ranks[r].workers : 1;
        if (x->n && x->last > x->first)
            fprintf(stderr, "  rank %d: %lu tasks, bodies %.1f ms, its %d workers busy %.0f%% "
                    "from its first task to its last\n", r, x->n, x->body_ns / 1e6, w,
                    100.0 * x->body_ns / ((double)w * (double)(x->last - x->first)));
    }
    for (int r = 1; r < PROF_RANKS && r < cl_size; r++) {
        const struct rank_stats *x = &ranks[r];
        fprintf(stderr, "  manager of rank %d: %lu wake-ups, %lu futile (%.0f%%); %lu tasks "
                "taken back by rank 0\n", r, x->wakeups, x->futile,
                x->wakeups ? 100.0 * (double)x->futile / (double)x->wakeups : 0.0,
                x->taken_back);
    }
    nrt_lock_release(&lock);
    fprintf(stderr, "  communication thread of rank 0: %.0f%% of a core at the end (its yields "
            "left out; --cluster-placement=cost counts rank 0's %d workers less that)\n",
            atomic_load_explicit(&nrt_cluster.comm_permille, memory_order_relaxed) / 10.0,
            nrt_nworkers);
    fprintf(stderr, "  prefetched (--cluster-prefetch): %lu copies back to rank 0 (%lu still "
            "landing when their task started), %lu to other ranks\n",
            atomic_load_explicit(&nrt_cluster.prefetch_host, memory_order_relaxed),
            atomic_load_explicit(&nrt_cluster.prefetch_late, memory_order_relaxed),
            atomic_load_explicit(&nrt_cluster.prefetch_remote, memory_order_relaxed));
    static const char *const lane_name[] = {"run (manager)", "copy in", "copy out", "peer",
                                            "other"};
    for (int l = 0; l <= NRT_NLANES; l++) {
        unsigned long long n = atomic_load(&wait_n[l]);
        if (n)
            fprintf(stderr, "  waits on rank 0 for %-14s %6llu, %9.1f ms in all\n",
                    lane_name[l], n, (double)atomic_load(&wait_ns[l]) / 1e6);
    }
}
