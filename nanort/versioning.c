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
 * more), instances go to the least-tried implementation (runs in flight count), and an
 * unmeasured candidate is predicted as the mean of the measured ones.  After that, one choice in 64
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

/* A prediction for every candidate: measured, or, while unknown, the mean of the known
 * ones (100 us when none is known) so that unmeasured candidates share the work by count
 * instead of all landing on the first. */
static void predict_all(const struct nanort_task *t, unsigned ncand,
                        const struct nrt_vcand *cand, size_t fp, double *p)
{
    double sum = 0;
    unsigned known = 0;
    for (unsigned i = 0; i < ncand; i++) {
        p[i] = nrt_perf_predict(t->info, cand[i].impl, cand[i].space, fp);
        if (p[i] >= 0) {
            sum += p[i];
            known++;
        }
    }
    for (unsigned i = 0; i < ncand; i++)
        if (p[i] < 0)
            p[i] = known ? sum / known : 100000.0;
}

/* Learning: the candidate under trial with the fewest runs (finished or in flight), or
 * ncand when every candidate has its trials measured. */
static unsigned under_trial(const struct nanort_task *t, unsigned ncand,
                            const struct nrt_vcand *cand, size_t fp)
{
    unsigned best = ncand;
    long best_tries = 0;
    for (unsigned i = 0; i < ncand; i++) {
        if (nrt_perf_samples(t->info, cand[i].impl, cand[i].space, fp) >= (unsigned)min_trials)
            continue;
        long tries = nrt_perf_tries(t->info, cand[i].impl, cand[i].space, fp);
        if (best == ncand || tries < best_tries) {
            best = i;
            best_tries = tries;
        }
    }
    return best;
}

/* Earliest estimated finish: queued work + run time + transfers. */
static unsigned earliest_finish(unsigned ncand, const struct nrt_vcand *cand, const double *p)
{
    unsigned best = 0;
    double best_finish = INFINITY;
    for (unsigned i = 0; i < ncand; i++) {
        double finish = (double)space_load(cand[i].space) + p[i] +
                        nrt_perf_transfer_ns(0, cand[i].space, cand[i].missing_bytes);
        if (finish < best_finish) {
            best_finish = finish;
            best = i;
        }
    }
    return best;
}

/* Now and then a version that lost is measured again, until its window is full: a few
 * unlucky first measurements (a preempted worker) must not exclude it for good. */
static unsigned recheck(const struct nanort_task *t, unsigned ncand,
                        const struct nrt_vcand *cand, size_t fp, unsigned best)
{
    if (atomic_fetch_add_explicit(&decisions, 1, memory_order_relaxed) % 64 != 63)
        return best;
    unsigned fewest = NRT_PERF_WINDOW, pick = best;
    for (unsigned i = 0; i < ncand; i++) {
        unsigned n = nrt_perf_samples(t->info, cand[i].impl, cand[i].space, fp);
        if (i != best && n < fewest) {
            fewest = n;
            pick = i;
        }
    }
    return pick;
}

bool nrt_vers_choose(struct nanort_task *t, unsigned ncand, const struct nrt_vcand *cand,
                     unsigned *pick)
{
    double p[NRT_MAX_SPACES + 16];
    size_t fp = nrt_perf_footprint(t);
    if (ncand == 0)
        return false;
    if (ncand > sizeof p / sizeof p[0])
        ncand = sizeof p / sizeof p[0];
    unsigned best = under_trial(t, ncand, cand, fp); /* first: claims loaded models */
    predict_all(t, ncand, cand, fp, p);
    if (best == ncand)
        best = recheck(t, ncand, cand, fp, earliest_finish(ncand, cand, p));
    long long add = (long long)p[best];
    t->vpred_ns = add;
    t->vchosen = true;
    atomic_fetch_add_explicit(&queued_ns[cand[best].space], add, memory_order_relaxed);
    nrt_perf_chosen(t->info, cand[best].impl, cand[best].space, fp);
    *pick = best;
    return true;
}

void nrt_vers_done(struct nanort_task *t, unsigned impl, uint64_t ns)
{
    if (!t->vchosen)
        return;                     /* not chosen here (round-robin among smp versions) */
    atomic_fetch_sub_explicit(&queued_ns[t->space], t->vpred_ns, memory_order_relaxed);
    t->vpred_ns = 0;
    t->vchosen = false;
    nrt_perf_record(t->info, impl, t->space, nrt_perf_footprint(t), ns);
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
