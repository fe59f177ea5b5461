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
 * more), instances go to the least-tried implementation, with no more trials in flight
 * than needed; a version whose measured runs (two at least) were all 4x slower than
 * another's prediction stops its trials (one such run may be a preempted worker: at load 9
 * one slow sample stopped the faster version of tests/versioning's crossover test for
 * good).  The earliest-finish choice considers measured candidates only; an instance made
 * ready while the trials still run waits for them when they may change the choice
 * (worth_waiting).  One choice in 64 re-measures a close losing version (within 2x) until
 * its window of runs is full, so a noisy start cannot exclude it for good.
 *
 * Cluster mode (--cluster-placement=cost, the default): rank 0's workers are candidates
 * like the other ranks, but the estimate counts free workers: a space with fewer tasks
 * placed than workers starts the next one at once (no queue wait), and a busy one makes it
 * wait its queued work divided by its workers; transfers start when a task is placed
 * (--cluster-prefetch), so they overlap that wait: finish = max(wait, transfers) + run
 * time.  Rank 0 counts its workers less the share of a core its communication thread
 * used lately, and keeps a task while one of its workers is free unless another rank's
 * estimate is better by more than a quarter.  Rank 0's share of the tasks then follows
 * its free workers, not 1/N.  Measured on 16 cores (cholesky 4096/256, 4 ranks x 4
 * workers): the earliest-finish rule with rank 0 counted like any rank gave it 190-202 of
 * 816 tasks and its workers 75% busy over its tasks' span; this rule with prefetch 226-242
 * tasks, 89% busy, and 1.09-1.13 of one process's time instead of 1.15-1.29
 * (bench/cluster/README.md).
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
/* Measured runs that must all be 4x slower than another version before its trials stop
 * (under_trial). */
#define SLOW_SAMPLES 2

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
/* Tasks placed per space and not finished (free workers: cost placement); relaxed, like
 * queued_ns. */
static atomic_long queued_n[NRT_MAX_SPACES];
/* Choices made after learning; relaxed: only paces the re-checks. */
static atomic_ulong decisions;
/* Versioned instances finished or forgotten: a choice that waits (worth_waiting) is made
 * again when it moved since the choice read it (device.c, nrt_vers_news_since). */
static atomic_ulong records;

bool nrt_vers_news_since(unsigned long seen)
{
    return atomic_load_explicit(&records, memory_order_acquire) != seen;
}

/* Whether spaces a and b are two views of one physical device (device.c, device_of). */
static bool same_device(int a, int b)
{
    return a > 0 && b > 0 && a != b && nrt_spaces[a] && nrt_spaces[b] &&
           nrt_spaces[a]->device_of == nrt_spaces[b]->device_of;
}

static long long space_load(int space)
{
    long long q = atomic_load_explicit(&queued_ns[space], memory_order_relaxed);
    /* Spaces of one physical device (a GPU through CUDA and through OpenCL) take turns on
     * it: each waits for the other's work too.  On the GPU host, matmul_dev with both
     * counted apart ran 215 of 512 tiles on the OpenCL space, every change of space a copy
     * of the tile through the host: 1.39 times CUDA alone, against 1.06 without OpenCL. */
    for (int s = 1; s < nrt_nspaces; s++)
        if (same_device(s, space))
            q += atomic_load_explicit(&queued_ns[s], memory_order_relaxed);
    if (q < 0)
        q = 0;
    if (space == 0 && nrt_nworkers > 1)
        q /= nrt_nworkers;
    else if (space > 0 && nrt_spaces[space] && nrt_spaces[space]->width > 1)
        q /= nrt_spaces[space]->width;   /* a remote rank runs several at once */
    return q;
}

/* What is known of each candidate when a choice is made. */
struct known {
    unsigned samples;               /* runs measured (the discarded first not counted) */
    long tries;                     /* runs measured, discarded or in flight */
    double pred;                    /* predicted ns, -1 when not measured yet */
    double fastest;                 /* its fastest measured run, -1 when none */
    bool apart;                     /* left out: another view of its device holds more of
                                     * the task's data (keep_views_together) */
    long inflight;                  /* not measured yet: instances in flight */
    uint64_t trial_ns;              /* and how long its trials have been running */
};

static void gather(const struct nanort_task *t, unsigned ncand, const struct nrt_vcand *cand,
                   size_t fp, struct known *k)
{
    for (unsigned i = 0; i < ncand; i++) {
        /* samples first: it claims a model loaded from --perf-model-dir */
        k[i].samples = nrt_perf_samples(t->info, cand[i].impl, cand[i].space, fp);
        k[i].tries = nrt_perf_tries(t->info, cand[i].impl, cand[i].space, fp);
        k[i].pred = k[i].samples ? nrt_perf_predict(t->info, cand[i].impl, cand[i].space, fp)
                                 : -1;
        k[i].fastest = k[i].samples >= SLOW_SAMPLES
                           ? nrt_perf_fastest(t->info, cand[i].impl, cand[i].space, fp)
                           : -1;
        k[i].inflight = 0;
        k[i].trial_ns = 0;
        k[i].apart = false;
        if (k[i].pred < 0 && k[i].tries > 0)
            k[i].inflight = nrt_perf_inflight(t->info, cand[i].impl, cand[i].space, fp,
                                              &k[i].trial_ns);
    }
}

/* The smallest prediction among the measured candidates other than i (-1: none). */
static double best_other(unsigned ncand, const struct known *k, unsigned i)
{
    double best = -1;
    for (unsigned j = 0; j < ncand; j++)
        if (j != i && k[j].pred >= 0 && (best < 0 || k[j].pred < best))
            best = k[j].pred;
    return best;
}

/*
 * Learning: the candidate that still needs trial runs (fewer than --versioning-min-trials
 * measured, and not enough of them in flight yet), fewest tries first; ncand when none
 * does.  SLOW_SAMPLES measured runs all 4x slower than another candidate's prediction stop
 * its trials: trials of a version 100x slower (a CPU against a GPU) cost dearly.  One
 * such run is not enough: a run slowed down by the machine (a preempted worker) would
 * stop a faster version for good, since the choice then trusts its median of one sample
 * and recheck() only measures again versions within 2x.
 */
static unsigned under_trial(unsigned ncand, const struct known *k)
{
    unsigned best = ncand;
    for (unsigned i = 0; i < ncand; i++) {
        if (k[i].samples >= (unsigned)min_trials || k[i].tries >= min_trials + 1)
            continue;
        double other = best_other(ncand, k, i);
        if (k[i].fastest >= 0 && other >= 0 && k[i].fastest > 4 * other)
            continue;
        if (best == ncand || k[i].tries < k[best].tries)
            best = i;
    }
    return best;
}

/*
 * Two views of one physical device (a GPU through CUDA and through NVIDIA's OpenCL) are
 * one device for the choice: a task goes to one view at a time.  Their queued work counts
 * together (space_load), so only their predicted run times and the transfer estimate
 * separated them; once both were measured, close times made the tiles of one chain go from
 * view to view, each change a copy through the host (a hybrid matmul on the GPU host took
 * 1.96 times CUDA alone).  So of the measured views of a device, one is ahead of another
 * when it lacks fewer of the task's input bytes or, lacking as many, has more measured
 * runs (the view the type's work has gone to: close medians of a few runs swapped places
 * with every new run, and independent tasks went to both views in turn); a view behind
 * another is left out unless it is predicted more than VIEW_SWITCH_GAIN times as fast (a
 * better kernel).  A view that no other is ahead of stays: one remains.  Trials are not
 * affected (both views must be measured).
 */
#define VIEW_SWITCH_GAIN 2

static bool view_ahead(const struct nrt_vcand *cj, const struct known *kj,
                       const struct nrt_vcand *ci, const struct known *ki)
{
    if (cj->missing_bytes != ci->missing_bytes)
        return cj->missing_bytes < ci->missing_bytes;
    return kj->samples > ki->samples;
}

static void keep_views_together(unsigned ncand, const struct nrt_vcand *cand, struct known *k)
{
    for (unsigned i = 0; i < ncand; i++) {
        if (k[i].pred < 0 || cand[i].space <= 0)
            continue;
        for (unsigned j = 0; j < ncand && !k[i].apart; j++)
            k[i].apart = k[j].pred >= 0 && same_device(cand[i].space, cand[j].space) &&
                         view_ahead(&cand[j], &k[j], &cand[i], &k[i]) &&
                         k[i].pred * VIEW_SWITCH_GAIN >= k[j].pred;
    }
}

/* A measured candidate the choice may take. */
static bool usable(const struct known *k)
{
    return k->pred >= 0 && !k->apart;
}

/* A version whose trials stopped before --versioning-min-trials runs (all its runs slow,
 * or more trials in flight) is predicted by its fastest run, not by their median: the runs
 * that stopped it were all slow, and the fastest is the one the machine slowed down least
 * (a median of two is their mean). */
static void trust_fastest(unsigned ncand, struct known *k)
{
    for (unsigned i = 0; i < ncand; i++)
        if (k[i].samples < (unsigned)min_trials && k[i].fastest >= 0)
            k[i].pred = k[i].fastest;
}

/* ---- --cluster-placement=cost --------------------------------------------------------- */

/* A remote rank beats a free worker of rank 0 only by more than this share. */
#define HOST_MARGIN 0.25

static bool cost_placement(void)
{
    return nrt_dev_runs_smp && nrt_cluster.placement == NRT_PLACE_COST;
}

/* Workers of a space: the host's less what its communication thread uses of a core. */
static double space_workers(int space)
{
    if (space > 0)
        return nrt_spaces[space] && nrt_spaces[space]->width > 1 ? nrt_spaces[space]->width : 1;
    double w = nrt_nworkers > 0 ? nrt_nworkers : 1;
    w -= atomic_load_explicit(&nrt_cluster.comm_permille, memory_order_relaxed) / 1000.0;
    return w > 0.5 ? w : 0.5;
}

/* Whether a worker of space is free: fewer tasks placed there than its workers. */
static bool space_free(int space)
{
    long n = atomic_load_explicit(&queued_n[space], memory_order_relaxed);
    return (double)n < space_workers(space);
}

/* How long a task placed in space now waits for a worker. */
static double space_wait(int space)
{
    if (space_free(space))
        return 0;
    long long q = atomic_load_explicit(&queued_ns[space], memory_order_relaxed);
    return q > 0 ? (double)q / space_workers(space) : 0;
}

static double cost_finish(const struct nrt_vcand *c, double pred)
{
    double wait = space_wait(c->space);
    double xfer = c->space == 0 ? nrt_perf_transfer_ns(c->from, 0, c->missing_bytes)
                                : nrt_perf_transfer_ns(c->from, c->space, c->missing_bytes);
    return (wait > xfer ? wait : xfer) + pred;
}

/* The earliest estimated finish, rank 0 first while one of its workers is free. */
static unsigned cost_choice(unsigned ncand, const struct nrt_vcand *cand, const struct known *k)
{
    unsigned best = ncand, host = ncand;
    double best_finish = INFINITY, host_finish = INFINITY;
    for (unsigned i = 0; i < ncand; i++) {
        if (!usable(&k[i]))
            continue;
        double f = cost_finish(&cand[i], k[i].pred);
        if (f < best_finish) {
            best_finish = f;
            best = i;
        }
        if (cand[i].space == 0 && f < host_finish) {
            host_finish = f;
            host = i;
        }
    }
    if (host < ncand && best != host && space_free(0) &&
        best_finish * (1 + HOST_MARGIN) >= host_finish)
        best = host;
    return best;
}

/* Queued work + run time + transfers. */
static double plain_finish(const struct nrt_vcand *c, double pred)
{
    return (double)space_load(c->space) + pred +
           nrt_perf_transfer_ns(c->from, c->space, c->missing_bytes);
}

/*
 * Whether the choice had better wait for trials in flight.  Once every candidate that
 * needs trial runs has them in flight, an instance made ready before any of them is
 * measured would be given blindly: the least tried, in turn.  On the GPU host,
 * matmul_dev 2048/256 (smp, OpenCL C on the workers, CUDA) gave 16 to 22 of the first
 * 64 tiles that way to the smp version, 8 ms each against 40 us on the GPU (whose
 * first runs come after its start-up, a few ms), each delaying the rest of its tile's
 * chain.  So such an instance waits (device.c parks it) while a candidate not
 * measured yet has trials in flight that may still show it the fastest: none of the
 * measured candidates is expected to finish before its trials' running time so far (a
 * device's first run, which may hold its start-up, counts once another device is
 * measured: nrt_perf_inflight).
 * Only with a choice to make, for tasks of the implicit task (main's), outside cluster
 * mode: a trial that waited for its own child would wait for ever.
 */
static bool worth_waiting(const struct nanort_task *t, unsigned ncand,
                          const struct nrt_vcand *cand, const struct known *k)
{
    if (ncand < 2 || t->parent != nrt_root || nrt_dev_runs_smp)
        return false;
    double best = INFINITY;
    for (unsigned i = 0; i < ncand; i++)
        if (k[i].pred >= 0) {
            double f = plain_finish(&cand[i], k[i].pred);
            if (f < best)
                best = f;
        }
    for (unsigned i = 0; i < ncand; i++)
        if (k[i].pred < 0 && k[i].inflight > 0 && (double)k[i].trial_ns < best)
            return true;
    return false;
}

/* Earliest estimated finish among the measured candidates: queued work + run time +
 * transfers.  Candidates whose trials are still running are left out (their speed is
 * unknown), and views of a device that lack data another view holds; when none is
 * measured, the least tried. */
static unsigned earliest_finish(unsigned ncand, const struct nrt_vcand *cand,
                                const struct known *k)
{
    unsigned best = ncand;
    double best_finish = INFINITY;
    if (cost_placement()) {
        best = cost_choice(ncand, cand, k);
    } else {
        for (unsigned i = 0; i < ncand; i++) {
            if (!usable(&k[i]))
                continue;
            double finish = plain_finish(&cand[i], k[i].pred);
            if (finish < best_finish) {
                best_finish = finish;
                best = i;
            }
        }
    }
    if (best == ncand)
        for (unsigned i = 0; i < ncand; i++)
            if (best == ncand || k[i].tries < k[best].tries)
                best = i;
    return best;
}

/* Now and then a version that lost but is close (within 2x of the winner's prediction)
 * is measured again, until its window is full: a few unlucky first measurements (a
 * preempted worker) must not exclude it for good. */
static unsigned recheck(unsigned ncand, const struct known *k, unsigned best)
{
    if (best >= ncand || k[best].pred < 0 ||
        atomic_fetch_add_explicit(&decisions, 1, memory_order_relaxed) % 64 != 63)
        return best;
    unsigned fewest = NRT_PERF_WINDOW, pick = best;
    for (unsigned i = 0; i < ncand; i++) {
        if (i != best && usable(&k[i]) && k[i].pred <= 2 * k[best].pred &&
            k[i].samples < fewest) {
            fewest = k[i].samples;
            pick = i;
        }
    }
    return pick;
}

bool nrt_vers_choose(struct nanort_task *t, unsigned ncand, const struct nrt_vcand *cand,
                     unsigned *pick, unsigned long *wait)
{
    struct known k[NRT_MAX_SPACES + 16];
    size_t fp = nrt_perf_footprint(t);
    if (ncand == 0)
        return false;
    if (ncand > sizeof k / sizeof k[0])
        ncand = sizeof k / sizeof k[0];
    /* (read before what it decides on: a run recorded after it changes it) */
    unsigned long seen = atomic_load_explicit(&records, memory_order_acquire);
    gather(t, ncand, cand, fp, k);
    unsigned best = under_trial(ncand, k);
    if (best == ncand && wait && worth_waiting(t, ncand, cand, k)) {
        *wait = seen;
        return false;
    }
    if (best == ncand) {
        trust_fastest(ncand, k);
        keep_views_together(ncand, cand, k);
        best = recheck(ncand, k, earliest_finish(ncand, cand, k));
    }
    long long add = k[best].pred > 0 ? (long long)k[best].pred : 0;
    t->vpred_ns = add;
    t->vchosen = true;
    t->vtrial = k[best].pred < 0;
    atomic_fetch_add_explicit(&queued_ns[cand[best].space], add, memory_order_relaxed);
    atomic_fetch_add_explicit(&queued_n[cand[best].space], 1, memory_order_relaxed);
    nrt_perf_chosen(t->info, cand[best].impl, cand[best].space, fp);
    *pick = best;
    return true;
}

void nrt_vers_started(struct nanort_task *t)
{
    if (t->vtrial != 1)
        return;
    t->vtrial = 2;
    nrt_perf_trial(t->info, nrt_impl_index(t->info, t->impl), t->space,
                   nrt_perf_footprint(t), true);
}

/* A versioned instance finished or will not run where it was chosen: the choices that
 * wait for such news are made again (device.c). */
static void news(void)
{
    atomic_fetch_add_explicit(&records, 1, memory_order_acq_rel);
    nrt_dev_unpark();
}

/* t no longer counts where it was chosen: its queued work, its trial if one runs. */
static void unqueue(struct nanort_task *t, unsigned impl, size_t fp)
{
    atomic_fetch_sub_explicit(&queued_ns[t->space], t->vpred_ns, memory_order_relaxed);
    atomic_fetch_sub_explicit(&queued_n[t->space], 1, memory_order_relaxed);
    if (t->vtrial == 2)
        nrt_perf_trial(t->info, impl, t->space, fp, false);
    t->vpred_ns = 0;
    t->vchosen = false;
    t->vtrial = 0;
}

void nrt_vers_done(struct nanort_task *t, unsigned impl, uint64_t ns)
{
    if (!t->vchosen)
        return;                     /* not chosen here (round-robin among smp versions) */
    size_t fp = nrt_perf_footprint(t);
    unqueue(t, impl, fp);
    nrt_perf_record(t->info, impl, t->space, fp, ns);
    news();
}

void nrt_vers_forget(struct nanort_task *t)
{
    if (!t->vchosen)
        return;
    size_t fp = nrt_perf_footprint(t);
    unsigned impl = nrt_impl_index(t->info, t->impl);
    unqueue(t, impl, fp);
    nrt_perf_unchosen(t->info, impl, t->space, fp);
    news();
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
    if (!nrt_vers_choose(t, n, cand, &pick, NULL))
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
