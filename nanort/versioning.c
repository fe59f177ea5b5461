/*
 * versioning.c - choosing, for every instance of a task type with several
 * implementations, the implementation and the resource that finish it soonest.
 *
 * Like heterogeneous earliest-finish-time schedulers (HEFT, StarPU's dmda): each resource
 * (the smp worker pool = space 0, every device space) has an estimate of the work queued
 * on it; a candidate (implementation, space) is worth
 *     finish = queued(space) + predicted run time + predicted transfer time
 * and the smallest wins.  The smp pool's queue is shared by its workers (they steal from
 * each other), so its queued work counts divided by the number of workers.
 *
 * Learning: until an implementation has --versioning-min-trials runs measured for the
 * task's footprint class (perfmodel.c; the very first run is discarded, so it needs one
 * more), instances go to the least-tried implementation.  After that, one choice in 64
 * re-measures the least-measured losing version until its window of runs is full, so a
 * noisy start cannot exclude a version for good (at most NRT_PERF_WINDOW such runs).
 *
 * It is used for every type with several implementations whatever --schedule says
 * (--schedule picks how the smp workers queue tasks): a naive rotation among versions
 * costs as much as the slowest version on average (measured in tests/unit/test_versioning.c,
 * a 10x slower version makes round-robin 5.5x slower than always-fast).
 */
#include "nrt.h"

#include <math.h>
#include <string.h>

static long min_trials = 3;         /* --versioning-min-trials */

static const struct nrt_option vers_options[] = {
    {"versioning-min-trials", NRT_OPT_COUNT, "3",
     "runs of each implementation (per data-size class) measured before the versioning "
     "choice trusts its model", &min_trials, NULL},
};

__attribute__((constructor(150))) static void vers_register_options(void)
{
    nrt_config_add(vers_options, sizeof vers_options / sizeof vers_options[0]);
}

/* Predicted queued work per space, in ns: added when a task is assigned, removed when it
 * finishes.  Relaxed atomics on doubles are not portable: keep integers (ns). */
static atomic_llong queued_ns[NRT_MAX_SPACES];
/* Choices made after learning; relaxed: only paces the re-checks. */
static atomic_ulong decisions;

static long long space_load(int space)
{
    long long q = atomic_load_explicit(&queued_ns[space], memory_order_relaxed);
    if (q < 0)
        q = 0;
    if (space == 0 && nrt_nworkers > 1)
        q /= nrt_nworkers;
    return q;
}

bool nrt_vers_choose(struct nanort_task *t, unsigned ncand, const struct nrt_vcand *cand,
                     unsigned *pick)
{
    const struct nrt_type_info *info = t->info;
    size_t fp = nrt_perf_footprint(t);
    if (ncand == 0)
        return false;
    /* learning: the least-tried candidate implementation that is still under trial */
    unsigned best = ncand, best_trials = 0;
    for (unsigned i = 0; i < ncand; i++) {
        unsigned n = nrt_perf_samples(info, cand[i].impl, fp);
        if (n < (unsigned)min_trials && (best == ncand || n < best_trials)) {
            best = i;
            best_trials = n;
        }
    }
    double pred = -1;
    if (best == ncand) {
        double best_finish = INFINITY;
        for (unsigned i = 0; i < ncand; i++) {
            double p = nrt_perf_predict(info, cand[i].impl, fp);
            if (p < 0)
                p = 0;
            double finish = (double)space_load(cand[i].space) + p +
                            nrt_perf_transfer_ns(0, cand[i].space, cand[i].missing_bytes);
            if (finish < best_finish) {
                best_finish = finish;
                best = i;
                pred = p;
            }
        }
        /* Re-check now and then a version that lost, until its window is full: a few
         * unlucky first measurements (a preempted worker) must not exclude it forever. */
        if (atomic_fetch_add_explicit(&decisions, 1, memory_order_relaxed) % 64 == 63) {
            unsigned fewest = NRT_PERF_WINDOW;
            for (unsigned i = 0; i < ncand; i++) {
                unsigned n = nrt_perf_samples(info, cand[i].impl, fp);
                if (i != best && n < fewest) {
                    fewest = n;
                    best = i;
                }
            }
            pred = nrt_perf_predict(info, cand[best].impl, fp);
        }
    } else {
        pred = nrt_perf_predict(info, cand[best].impl, fp);
    }
    long long add = pred > 0 ? (long long)pred : 0;
    t->vpred_ns = add;
    atomic_fetch_add_explicit(&queued_ns[cand[best].space], add, memory_order_relaxed);
    *pick = best;
    return true;
}

void nrt_vers_done(struct nanort_task *t, unsigned impl, uint64_t ns)
{
    if (t->vpred_ns)
        atomic_fetch_sub_explicit(&queued_ns[t->space], t->vpred_ns, memory_order_relaxed);
    t->vpred_ns = 0;
    nrt_perf_record(t->info, impl, nrt_perf_footprint(t), ns);
}

/* smp-only types: every implementation runs in the pool, so the fastest predicted one
 * wins once all are learned. */
unsigned nrt_vers_choose_smp(struct nanort_task *t)
{
    const struct nrt_type_info *info = t->info;
    struct nrt_vcand cand[16];
    unsigned n = 0;
    for (unsigned i = 0; i < info->nimpls && n < 16; i++)
        if (info->impls[i]->device == NANORT_DEVICE_SMP)
            cand[n++] = (struct nrt_vcand){.impl = i, .space = 0, .missing_bytes = 0};
    unsigned pick = 0;
    if (!nrt_vers_choose(t, n, cand, &pick))
        return 0;
    return cand[pick].impl;
}

unsigned nrt_impl_index(const struct nrt_type_info *info, const struct nanort_impl *impl)
{
    for (unsigned i = 0; i < info->nimpls; i++)
        if (info->impls[i] == impl)
            return i;
    return 0;
}
