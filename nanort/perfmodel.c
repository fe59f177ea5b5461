/*
 * perfmodel.c - what the versioning scheduler learns: execution times per (task type,
 * implementation, data-size footprint) and transfer bandwidth per pair of memory spaces.
 *
 * Execution times: the first run of each (type, implementation, footprint) is discarded
 * (it pays for cold caches, kernel builds, first-touch page faults); the prediction is
 * the median of the last NRT_PERF_WINDOW runs, so an outlier (a preempted worker on a
 * shared machine) moves it little.  Footprints are grouped by powers of two of the bytes
 * a task's regions cover; a footprint never measured is predicted from the nearest one
 * measured, scaled linearly by size.
 *
 * Transfers: bytes / bandwidth + latency, both measured per (source, destination) space
 * pair as an exponentially weighted mean; until measured, a conservative default.
 *
 * One mutex guards everything here: records happen once per task of a type with several
 * implementations, a rate at which the lock is not a bottleneck (measured: bench/micro).
 *
 * --perf-model-dir=DIR keeps the learned execution times between runs in
 * DIR/nanort-perf-<host>.txt, one line per (label, implementation, device, footprint)
 * after a header with the format version (perfmodel_file.c reads and checks it; the
 * nanort-perfmodel tool prints it as a table).
 */
#include "nrt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PERF_BUCKETS 48             /* footprints up to 2^47 bytes */
#define DEFAULT_BW 8.0              /* bytes per ns (8 GB/s) before any measurement */
#define DEFAULT_LATENCY_NS 10000.0

struct perf_entry {
    /* Key: an entry for a live type, or (labels only) one loaded from the model file and
     * not yet claimed by a type of this run. */
    const struct nrt_type_info *info;
    unsigned impl;
    int space;                          /* where it ran: devices of one kind may differ */
    unsigned bucket;
    char *label, *impl_name, *device;   /* owned copies, for saving and matching */
    unsigned long runs;                 /* runs recorded, the discarded first included */
    long inflight;                      /* chosen and not finished yet */
    /* Trials (instances chosen before any run was measured) started and not finished,
     * and since when one of them has been running: a lower bound of the run time that
     * versioning can use before the first measurement (nrt_perf_inflight). */
    unsigned trials_running;
    uint64_t trial_since;
    unsigned n, next;                   /* window fill and ring position */
    double ns[NRT_PERF_WINDOW];
    struct perf_entry *next_entry;
};

static struct nrt_lock perf_lock = NRT_LOCK_INITIALIZER;
static struct perf_entry *entries;                    /* perf_lock */
static bool device_measured;        /* perf_lock: a run on a device was recorded (kept) */
static double bw[NRT_MAX_SPACES][NRT_MAX_SPACES];     /* bytes/ns; perf_lock; 0 = unknown */
static double lat[NRT_MAX_SPACES][NRT_MAX_SPACES];    /* ns; perf_lock */

static const char *perf_dir;        /* --perf-model-dir, NULL = off */

static const struct nrt_option perf_options[] = {
    {"perf-model-dir", NRT_OPT_STRING, "",
     "keep the learned task and transfer times between runs in this directory "
     "(versioning; empty = off)", &perf_dir, NULL},
};

__attribute__((constructor(150))) static void perf_register_options(void)
{
    nrt_config_add(perf_options, sizeof perf_options / sizeof perf_options[0]);
}

/* ---- footprints ------------------------------------------------------------------- */

size_t nrt_perf_footprint(const struct nanort_task *t)
{
    size_t bytes = 0;
    for (unsigned i = 0; i < t->nregions; i++)
        bytes += nrt_region_bytes(&t->regions[i]);
    return bytes;
}

unsigned nrt_perf_bucket(size_t bytes)
{
    unsigned b = bytes ? 64 - (unsigned)__builtin_clzll((unsigned long long)bytes) : 0;
    return b < PERF_BUCKETS ? b : PERF_BUCKETS - 1;
}

/* ---- execution times -------------------------------------------------------------- */

/* The name an entry is saved under: "smp", or the device's own name (two OpenCL devices
 * of a machine, a GPU and a CPU, have different speeds). */
static const char *space_name(const struct nanort_impl *impl, int space)
{
    if (space > 0 && space < nrt_nspaces && nrt_spaces[space])
        return nrt_spaces[space]->name;
    const struct nrt_device_ops *ops = nrt_device(impl->device);
    return ops ? ops->name : "?";
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *p = nrt_xmalloc(n);
    memcpy(p, s ? s : "", n);
    return p;
}

/* The entry of (info, impl, bucket); with `create`, made (or claimed from the loaded
 * file) when missing.  Caller holds perf_lock. */
static struct perf_entry *find_entry(const struct nrt_type_info *info, unsigned impl,
                                     int space, unsigned bucket, bool create)
{
    NRT_ASSERT_HELD(&perf_lock);
    const struct nanort_impl *im = info->impls[impl];
    const char *label = info->type->label ? info->type->label : "?";
    const char *name = im->name ? im->name : "?";
    struct perf_entry *loaded = NULL;
    for (struct perf_entry *e = entries; e; e = e->next_entry) {
        if (e->bucket != bucket)
            continue;
        if (e->info == info && e->impl == impl && e->space == space)
            return e;
        if (!e->info && !loaded && !strcmp(e->label, label) && !strcmp(e->impl_name, name) &&
            !strcmp(e->device, space_name(im, space)))
            loaded = e;
    }
    if (loaded) {                       /* learned in an earlier run */
        loaded->info = info;
        loaded->impl = impl;
        loaded->space = space;
        return loaded;
    }
    if (!create)
        return NULL;
    struct perf_entry *e = nrt_xcalloc(1, sizeof *e);
    e->info = info;
    e->impl = impl;
    e->space = space;
    e->bucket = bucket;
    e->label = xstrdup(label);
    e->impl_name = xstrdup(name);
    e->device = xstrdup(space_name(im, space));
    e->next_entry = entries;
    entries = e;
    return e;
}

void nrt_perf_record(const struct nrt_type_info *info, unsigned impl, int space,
                     size_t footprint, uint64_t ns)
{
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), true);
    e->inflight--;
    if (space > 0 && e->runs > 0)
        device_measured = true;
    if (e->runs++ > 0) {                /* the first run of each is discarded */
        e->ns[e->next] = ns ? (double)ns : 1;   /* the file keeps positive times only */
        e->next = (e->next + 1) % NRT_PERF_WINDOW;
        if (e->n < NRT_PERF_WINDOW)
            e->n++;
    }
    nrt_lock_release(&perf_lock);
}

void nrt_perf_chosen(const struct nrt_type_info *info, unsigned impl, int space,
                     size_t footprint)
{
    nrt_lock_acquire(&perf_lock);
    find_entry(info, impl, space, nrt_perf_bucket(footprint), true)->inflight++;
    nrt_lock_release(&perf_lock);
}

void nrt_perf_unchosen(const struct nrt_type_info *info, unsigned impl, int space,
                       size_t footprint)
{
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), false);
    if (e && e->inflight > 0)
        e->inflight--;
    nrt_lock_release(&perf_lock);
}

void nrt_perf_trial(const struct nrt_type_info *info, unsigned impl, int space,
                    size_t footprint, bool start)
{
    uint64_t now = start ? nrt_now_ns() : 0;
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), true);
    if (start) {
        if (e->trials_running++ == 0)
            e->trial_since = now;
    } else if (e->trials_running > 0) {
        e->trials_running--;
    }
    nrt_lock_release(&perf_lock);
}

long nrt_perf_inflight(const struct nrt_type_info *info, unsigned impl, int space,
                       size_t footprint, uint64_t *trial_ns)
{
    uint64_t now = nrt_now_ns();
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), false);
    long n = e ? e->inflight : 0;
    *trial_ns = e && e->trials_running && now > e->trial_since ? now - e->trial_since : 0;
    /* A device's first run may hold its start-up (a kernel build, a context): no bound of
     * its runs while no device is measured to take the work meanwhile.  PoCL's compiling
     * first runs ended the wait at once beside a measured host (versioning/spread: the
     * host took 268 of 288 tasks); beside a measured CUDA GPU, waiting for the NVIDIA
     * OpenCL build made matmul_dev 1.9 times slower. */
    if (e && space > 0 && e->runs == 0 && !device_measured)
        *trial_ns = 0;
    nrt_lock_release(&perf_lock);
    return n;
}

long nrt_perf_tries(const struct nrt_type_info *info, unsigned impl, int space,
                    size_t footprint)
{
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), false);
    long n = e ? (long)e->runs + e->inflight : 0;
    nrt_lock_release(&perf_lock);
    return n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* 2^k without libm. */
static double pow2(int k)
{
    double r = 1;
    for (; k > 0; k--)
        r *= 2;
    for (; k < 0; k++)
        r /= 2;
    return r;
}

static double entry_median(const struct perf_entry *e)
{
    double v[NRT_PERF_WINDOW];
    memcpy(v, e->ns, e->n * sizeof v[0]);
    qsort(v, e->n, sizeof v[0], cmp_double);
    return e->n % 2 ? v[e->n / 2] : (v[e->n / 2 - 1] + v[e->n / 2]) / 2;
}

unsigned nrt_perf_samples(const struct nrt_type_info *info, unsigned impl, int space,
                          size_t footprint)
{
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), false);
    unsigned n = e ? (unsigned)(e->runs > 0 ? e->runs - 1 : 0) : 0;
    nrt_lock_release(&perf_lock);
    return n;
}

double nrt_perf_fastest(const struct nrt_type_info *info, unsigned impl, int space,
                        size_t footprint)
{
    nrt_lock_acquire(&perf_lock);
    struct perf_entry *e = find_entry(info, impl, space, nrt_perf_bucket(footprint), false);
    double best = -1;
    for (unsigned i = 0; e && i < e->n; i++)
        if (best < 0 || e->ns[i] < best)
            best = e->ns[i];
    nrt_lock_release(&perf_lock);
    return best;
}

double nrt_perf_predict(const struct nrt_type_info *info, unsigned impl, int space,
                        size_t footprint)
{
    unsigned want = nrt_perf_bucket(footprint);
    double best = -1;
    int best_dist = PERF_BUCKETS + 1;
    nrt_lock_acquire(&perf_lock);
    for (struct perf_entry *e = entries; e; e = e->next_entry) {
        if (e->info != info || e->impl != impl || e->space != space || e->n == 0)
            continue;
        int dist = abs((int)e->bucket - (int)want);
        if (dist < best_dist) {
            best_dist = dist;
            /* scale by the size ratio of the bucket centres: linear in bytes */
            best = entry_median(e) * pow2((int)want - (int)e->bucket);
        }
    }
    nrt_lock_release(&perf_lock);
    return best;
}

/* ---- transfers -------------------------------------------------------------------- */

void nrt_perf_transfer_record(int src, int dst, size_t bytes, uint64_t ns)
{
    if (src < 0 || dst < 0 || src >= NRT_MAX_SPACES || dst >= NRT_MAX_SPACES || ns == 0)
        return;
    nrt_lock_acquire(&perf_lock);
    if (bytes < 4096) {                 /* small copies measure latency */
        lat[src][dst] = lat[src][dst] ? 0.8 * lat[src][dst] + 0.2 * (double)ns : (double)ns;
    } else {
        double b = (double)bytes / (double)ns;
        bw[src][dst] = bw[src][dst] ? 0.8 * bw[src][dst] + 0.2 * b : b;
    }
    nrt_lock_release(&perf_lock);
}

double nrt_perf_transfer_ns(int src, int dst, size_t bytes)
{
    if (bytes == 0 || src == dst)
        return 0;
    double b = DEFAULT_BW, l = DEFAULT_LATENCY_NS;
    if (src >= 0 && dst >= 0 && src < NRT_MAX_SPACES && dst < NRT_MAX_SPACES) {
        nrt_lock_acquire(&perf_lock);
        if (bw[src][dst] > 0)
            b = bw[src][dst];
        if (lat[src][dst] > 0)
            l = lat[src][dst];
        nrt_lock_release(&perf_lock);
    }
    return l + (double)bytes / b;
}

/* ---- --summary's rows (stats.c prints them) ---------------------------------------- */

void nrt_perf_each_row(void (*fn)(void *arg, const struct nrt_perf_row *r), void *arg)
{
    nrt_lock_acquire(&perf_lock);
    for (struct perf_entry *e = entries; e; e = e->next_entry) {
        if (!e->info || e->n == 0)
            continue;
        struct nrt_perf_row r = {e->label, e->impl_name, e->device, e->bucket, e->runs,
                                 entry_median(e)};
        fn(arg, &r);
    }
    nrt_lock_release(&perf_lock);
}

/* ---- --perf-model-dir --------------------------------------------------------------- */

static char *model_path(void)
{
    char host[256] = "host";
    if (gethostname(host, sizeof host) != 0)
        strcpy(host, "host");
    host[sizeof host - 1] = '\0';
    size_t n = strlen(perf_dir) + strlen(host) + 32;
    char *p = nrt_xmalloc(n);
    snprintf(p, n, "%s/nanort-perf-%s.txt", perf_dir, host);
    return p;
}

bool nrt_perf_dir_on(void)
{
    return perf_dir && *perf_dir;
}

/* A good record of the model file: an entry no type of this run has claimed yet. */
static void load_line(void *arg, const struct nrt_pm_line *l)
{
    (void)arg;
    struct perf_entry *e = nrt_xcalloc(1, sizeof *e);
    e->label = xstrdup(l->label);
    e->impl_name = xstrdup(l->impl);
    e->device = xstrdup(l->device);
    e->bucket = l->bucket;
    e->runs = l->runs;
    e->n = l->n;
    memcpy(e->ns, l->ns, l->n * sizeof e->ns[0]);
    e->next = e->n % NRT_PERF_WINDOW;
    e->next_entry = entries;
    entries = e;
}

/* Read the model file, if any (perfmodel_file.c checks it: what it drops is named in one
 * warning, and the file is rewritten clean at shutdown). */
void nrt_perf_load(void)
{
    if (!nrt_perf_dir_on())
        return;
    char *path = model_path();
    struct nrt_pm_report rep;
    nrt_lock_acquire(&perf_lock);
    nrt_pm_read(path, load_line, NULL, &rep);
    nrt_lock_release(&perf_lock);
    nrt_pm_warn(stderr, "nanort", path, &rep, "; it is rewritten at exit with what this run "
                                              "learns");
    free(path);
}

void nrt_perf_save(void)
{
    if (!nrt_perf_dir_on())
        return;
    char *path = model_path();
    size_t n = strlen(path) + 8;
    char *tmp = nrt_xmalloc(n);
    snprintf(tmp, n, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "nanort: cannot write the performance model %s: %s (give "
                        "--perf-model-dir an existing, writable directory)\n", tmp,
                strerror(errno));
        nrt_output_failed();
        free(tmp);
        free(path);
        return;
    }
    nrt_pm_write_header(f);
    nrt_lock_acquire(&perf_lock);
    for (struct perf_entry *e = entries; e; e = e->next_entry) {
        if (e->n == 0)
            continue;
        struct nrt_pm_line l = {e->label, e->impl_name, e->device, e->bucket, e->runs, e->n,
                                {0}};
        /* oldest first, so that a reload continues the ring where it was */
        for (unsigned i = 0; i < e->n; i++)
            l.ns[i] = e->ns[(e->next + NRT_PERF_WINDOW - e->n + i) % NRT_PERF_WINDOW];
        nrt_pm_write_line(f, &l);
    }
    nrt_lock_release(&perf_lock);
    if ((ferror(f) | fclose(f)) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "nanort: cannot write the performance model %s: %s\n", path,
                strerror(errno));
        nrt_output_failed();
        unlink(tmp);
    }
    free(tmp);
    free(path);
}
