/*
 * stats.c - the --summary tables printed to stderr at exit:
 *   per task label and implementation: tasks created, run, where, mean and total time
 *   per worker: tasks run, busy and idle time
 *   per device: tasks, busy time, bytes moved, cache hits (the spaces' counters)
 *   per device, its own timeline: kernel and copy time measured by the device, and how
 *   much of the copy time overlapped kernels (the spans of instr.c's device timeline)
 *   the versioning decisions (perfmodel.c's learned model, nrt_perf_each_row)
 *   the recorded task graphs (taskgraph.c, nrt_tg_each_row)
 * Every table is printed here; the modules hand over their rows.
 * The times come from instr.c's begin/end hooks (on when --summary is), so the smp hot
 * path pays nothing for them without --summary.
 */
#include "nrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One line of the task table: a label, an implementation and a device. */
struct row {
    const char *label, *impl;
    char device[32];
    unsigned long created, count;
    uint64_t ns;
};

struct table {
    struct row *rows;
    size_t n, cap;
};

static struct row *find_row(struct table *tb, const char *label, const char *impl,
                            const char *device)
{
    for (size_t k = 0; k < tb->n; k++)
        if (strcmp(tb->rows[k].label, label) == 0 && strcmp(tb->rows[k].impl, impl) == 0 &&
            strcmp(tb->rows[k].device, device) == 0)
            return &tb->rows[k];
    if (tb->n == tb->cap)
        tb->rows = nrt_xrealloc(tb->rows, (tb->cap = tb->cap ? 2 * tb->cap : 16) *
                                              sizeof *tb->rows);
    struct row *r = &tb->rows[tb->n++];
    memset(r, 0, sizeof *r);
    r->label = label;
    r->impl = impl;
    snprintf(r->device, sizeof r->device, "%s", device);
    return r;
}

static const char *label_of(const struct nanort_task_type *type)
{
    return type && type->label ? type->label : "(unnamed)";
}

static void add_stat(void *arg, const struct nrt_instr_stat *s)
{
    char dev[32];
    const char *name = s->space > 0 && s->space < nrt_nspaces && nrt_spaces[s->space]
                           ? nrt_spaces[s->space]->name : "smp";
    snprintf(dev, sizeof dev, "%.*s", (int)strcspn(name, " "), name);
    struct row *r = find_row(arg, label_of(s->type),
                             s->impl && s->impl->name ? s->impl->name : "?", dev);
    r->count += s->count;
    r->ns += s->total_ns;
}

/* Tasks created per label (the core's counters), on the label's first row; labels whose
 * tasks never ran get a row of their own. */
static void add_created(struct table *tb)
{
    nrt_lock_acquire(&nrt_types_lock);
    for (struct nrt_type_info *i = nrt_types; i; i = i->next) {
        unsigned long c = atomic_load_explicit(&i->created, memory_order_relaxed);
        if (!c)
            continue;
        const char *label = label_of(i->type);
        size_t k = 0;
        while (k < tb->n && strcmp(tb->rows[k].label, label) != 0)
            k++;
        struct row *r = k < tb->n ? &tb->rows[k] : find_row(tb, label, "-", "-");
        r->created += c;
    }
    nrt_lock_release(&nrt_types_lock);
}

static unsigned long label_created(const struct table *tb, const char *label)
{
    unsigned long c = 0;
    for (size_t k = 0; k < tb->n; k++)
        if (strcmp(tb->rows[k].label, label) == 0)
            c += tb->rows[k].created;
    return c;
}

static int by_label(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    int c = strcmp(x->label, y->label);
    return c ? c : strcmp(x->impl, y->impl);
}

static void print_tasks(FILE *out)
{
    struct table tb = {NULL, 0, 0};
    nrt_instr_each_stat(add_stat, &tb);
    add_created(&tb);
    if (tb.n)
        qsort(tb.rows, tb.n, sizeof *tb.rows, by_label);
    unsigned long tc = 0, tr = 0;
    uint64_t tns = 0;
    fprintf(out, "  %-20s %-22s %-10s %9s %9s %12s %12s\n", "task label", "implementation",
            "device", "created", "run", "mean (us)", "total (s)");
    for (size_t k = 0; k < tb.n; k++) {
        const struct row *r = &tb.rows[k];
        /* created counts the label's tasks: shown on its first row only */
        char created[24] = "";
        if (k == 0 || strcmp(tb.rows[k - 1].label, r->label) != 0)
            snprintf(created, sizeof created, "%lu", label_created(&tb, r->label));
        fprintf(out, "  %-20s %-22s %-10s %9s %9lu %12.2f %12.6f\n", r->label, r->impl,
                r->device, created, r->count, r->count ? r->ns * 1e-3 / r->count : 0.0,
                r->ns * 1e-9);
        tc += r->created;
        tr += r->count;
        tns += r->ns;
    }
    fprintf(out, "  %-20s %-22s %-10s %9lu %9lu %12.2f %12.6f\n", "(all)", "", "", tc, tr,
            tr ? tns * 1e-3 / tr : 0.0, tns * 1e-9);
    free(tb.rows);
}

/* Worker 0 is the main thread: its time outside task bodies is idle only while it waits
 * (taskwait and the like) without a task to run; the rest is main's own code (the serial
 * parts, creating tasks), its column "main".  Other workers run tasks or idle. */
static void print_workers(FILE *out, uint64_t now)
{
    /* --speed-aware: each worker's measured slowness (1.00: its types' mean) */
    fprintf(out, "\n  %-8s %12s %12s %12s %12s%s\n", "worker", "tasks run", "busy (s)",
            "idle (s)", "main (s)", nrt_cfg.speed_aware && nrt_speed_on ? "     slowness" : "");
    for (int i = 0; i < nrt_nworkers; i++) {
        const struct nrt_worker *w = &nrt_workers[i];
        uint64_t life = now > w->t_start ? now - w->t_start : 0;
        uint64_t rest = life > w->busy_ns ? life - w->busy_ns : 0;
        uint64_t idle = i == 0 && w->wait_idle_ns < rest ? w->wait_idle_ns : rest;
        fprintf(out, "  %-8d %12lu %12.6f %12.6f", i, w->tasks_run, w->busy_ns * 1e-9,
                idle * 1e-9);
        if (i == 0)
            fprintf(out, " %12.6f", (rest - idle) * 1e-9);
        else if (nrt_cfg.speed_aware && nrt_speed_on)
            fprintf(out, " %12s", "");      /* the slowness column stays aligned */
        if (nrt_cfg.speed_aware && nrt_speed_on &&
            atomic_load_explicit(&w->nslow, memory_order_relaxed))
            fprintf(out, " %12.2f", atomic_load_explicit(&w->slowness, memory_order_relaxed) / 256.0);
        fputc('\n', out);
    }
}

/* ---- the device timeline ----------------------------------------------------------------- */

static int by_start(const void *a, const void *b)
{
    const struct nrt_span *x = a, *y = b;
    return x->t0 < y->t0 ? -1 : x->t0 > y->t0;
}

size_t nrt_spans_merge(struct nrt_span *s, size_t n)
{
    if (n == 0)
        return 0;
    qsort(s, n, sizeof *s, by_start);
    size_t w = 0;
    for (size_t i = 1; i < n; i++) {
        if (s[i].t0 <= s[w].t1) {
            if (s[i].t1 > s[w].t1)
                s[w].t1 = s[i].t1;
        } else {
            s[++w] = s[i];
        }
    }
    return w + 1;
}

uint64_t nrt_spans_length(const struct nrt_span *s, size_t n)
{
    uint64_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += s[i].t1 > s[i].t0 ? s[i].t1 - s[i].t0 : 0;
    return len;
}

uint64_t nrt_spans_overlap(const struct nrt_span *a, size_t na, const struct nrt_span *b,
                           size_t nb)
{
    uint64_t common = 0;
    size_t i = 0, j = 0;
    while (i < na && j < nb) {
        uint64_t lo = a[i].t0 > b[j].t0 ? a[i].t0 : b[j].t0;
        uint64_t hi = a[i].t1 < b[j].t1 ? a[i].t1 : b[j].t1;
        if (hi > lo)
            common += hi - lo;
        if (a[i].t1 < b[j].t1)      /* the one that ends first can meet nothing more */
            i++;
        else
            j++;
    }
    return common;
}

/* A merged copy of the spans of space s in the lanes [l0, l1). */
static struct nrt_span *lanes_merged(int s, enum nrt_lane l0, enum nrt_lane l1, size_t *n)
{
    size_t total = 0, m;
    struct nrt_span *out = NULL;
    for (enum nrt_lane l = l0; l < l1; l++) {
        struct nrt_span *sp = nrt_devtime_copy(s, l, &m);
        if (m) {
            out = nrt_xrealloc(out, (total + m) * sizeof *out);
            memcpy(out + total, sp, m * sizeof *sp);
            total += m;
        }
        free(sp);
    }
    *n = nrt_spans_merge(out, total);
    return out ? out : nrt_xmalloc(sizeof *out);
}

static uint64_t lane_ns(int s, enum nrt_lane l)
{
    size_t n;
    struct nrt_span *sp = lanes_merged(s, l, l + 1, &n);
    uint64_t len = nrt_spans_length(sp, n);
    free(sp);
    return len;
}

/* "68.1 ms", "420 us", "12.40 s". */
static const char *span_time(uint64_t ns, char *buf, size_t n)
{
    if (ns >= 10000000000ull)
        snprintf(buf, n, "%.2f s", ns * 1e-9);
    else if (ns >= 1000000)
        snprintf(buf, n, "%.1f ms", ns * 1e-6);
    else
        snprintf(buf, n, "%.0f us", ns * 1e-3);
    return buf;
}

/* One line per space that reported device times (plugins that do not: no line). */
static void print_timeline(FILE *out, int s, bool *header)
{
    size_t nk, nc;
    struct nrt_span *k = lanes_merged(s, NRT_LANE_KERNEL, NRT_LANE_IN, &nk);
    struct nrt_span *c = lanes_merged(s, NRT_LANE_IN, NRT_NLANES, &nc);
    if (nk || nc) {
        uint64_t copy = nrt_spans_length(c, nc), peer = lane_ns(s, NRT_LANE_PEER);
        uint64_t both = nrt_spans_overlap(c, nc, k, nk);
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(nrt_spaces[s]->name, " "),
                 nrt_spaces[s]->name);
        if (!*header)
            fputs("device timeline (measured on the device):\n", out);
        *header = true;
        char t1[24], t2[24], t3[24];
        fprintf(out, "  %-10s kernels %s, copies in %s, out %s", name,
                span_time(nrt_spans_length(k, nk), t1, sizeof t1),
                span_time(lane_ns(s, NRT_LANE_IN), t2, sizeof t2),
                span_time(lane_ns(s, NRT_LANE_OUT), t3, sizeof t3));
        if (peer)
            fprintf(out, ", peer %s", span_time(peer, t1, sizeof t1));
        if (copy)
            fprintf(out, "; %.0f%% of copy time overlapped kernels\n",
                    100.0 * (double)both / (double)copy);
        else
            fputs("; no copies\n", out);
    }
    free(k);
    free(c);
}

static void print_timelines(FILE *out)
{
    bool header = false;
    for (int s = 1; s < nrt_nspaces && s < NRT_MAX_SPACES; s++)
        if (nrt_spaces[s])
            print_timeline(out, s, &header);
    if (header)
        fputc('\n', out);
}

/* "12.3M": bytes in the largest unit that keeps the number at or above 1. */
static const char *human(unsigned long bytes, char *buf, size_t n)
{
    static const char units[] = "BKMGT";
    double v = (double)bytes;
    unsigned u = 0;
    while (v >= 1024.0 && u + 1 < sizeof units - 1) {
        v /= 1024.0;
        u++;
    }
    snprintf(buf, n, u ? "%.1f%c" : "%.0f%c", v, units[u]);
    return buf;
}

/* Per space: tasks, busy time, bytes moved and cache counters (after the managers
 * stopped; the counters are the spaces' own, kept by device.c and cache_*.c). */
static void print_devices(FILE *out)
{
    if (nrt_nspaces <= 1)
        return;
    uint64_t wall = nrt_devices_wall_ns();
    fprintf(out, "devices (cache-policy=%s, dispatch=%s):\n",
            nrt_config_value_name("cache-policy"), nrt_config_value_name("dispatch"));
    fprintf(out, "  %-28s %8s %7s %9s %9s %9s %8s %8s %9s\n", "space", "tasks", "busy", "in",
            "out", "peer", "hits", "misses", "evictions");
    for (int i = 1; i < nrt_nspaces; i++) {
        struct nrt_space_stats *st = &nrt_spaces[i]->stats;
        char in[16], outb[16], peer[16];
        fprintf(out, "  %-28.28s %8lu %6.1f%% %9s %9s %9s %8lu %8lu %9lu\n", nrt_spaces[i]->name,
                atomic_load(&st->tasks),
                wall ? 100.0 * (double)atomic_load(&st->busy_ns) / (double)wall : 0.0,
                human(atomic_load(&st->bytes_in), in, sizeof in),
                human(atomic_load(&st->bytes_out), outb, sizeof outb),
                human(atomic_load(&st->bytes_peer), peer, sizeof peer), atomic_load(&st->hits),
                atomic_load(&st->misses), atomic_load(&st->evictions));
    }
    fprintf(out, "  (in: host->device, out: device->host, peer: device->device into the space)\n");
    for (int i = 1; i < nrt_nspaces; i++) {
        unsigned long n = atomic_load(&nrt_spaces[i]->stats.taken_back);
        if (n)
            fprintf(out, "  taken back: %lu tasks queued for %s ran on the host instead "
                    "(its workers idled)\n", n, nrt_spaces[i]->name);
    }
}

/* The tables other modules fill row by row (nrt_perf_each_row, nrt_tg_each_row): the
 * header comes with the first row, none when there is no row. */
struct printer {
    FILE *out;
    bool head;                      /* the header was printed */
};

static void print_perf_row(void *arg, const struct nrt_perf_row *r)
{
    struct printer *p = arg;
    if (!p->head)
        fprintf(p->out, "nanort: versioning model (median of the last %d runs, first run "
                        "discarded)\n  %-20s %-20s %-20s %10s %8s %12s\n",
                NRT_PERF_WINDOW, "label", "implementation", "device", "footprint", "runs",
                "median us");
    p->head = true;
    fprintf(p->out, "  %-20.20s %-20.20s %-20.20s %8s%zu %8lu %12.2f\n", r->label, r->impl,
            r->device, "<2^", (size_t)r->bucket, r->runs, r->median_ns / 1e3);
}

static void print_tg_row(void *arg, const struct nrt_tg_row *r)
{
    struct printer *p = arg;
    if (!p->head)
        fprintf(p->out, "\n  taskgraph            graph id    tasks    edges    outer   records"
                        "      runs   task instances recorded / replayed\n");
    p->head = true;
    fprintf(p->out, "  %-20s %8lld %8u %8zu %8u %9lu %9lu   %lu / %lu\n", r->source, r->id,
            r->ntasks, r->nedges, r->nouter, r->records, r->runs, r->records * r->ntasks,
            (r->runs - r->records) * r->ntasks);
    if (r->changed)
        fprintf(p->out, "    (%lu of the records because a variable the block reads from "
                        "outside it had changed: firstprivate(saved: x) keeps the first value "
                        "of x)\n", r->changed);
}

void nrt_stats_print(uint64_t wall_ns)
{
    FILE *out = stderr;
    fprintf(out, "nanort summary: %d workers, schedule %s, total time %.6f s\n", nrt_nworkers,
            nrt_sched->name, wall_ns * 1e-9);
    print_tasks(out);
    print_workers(out, nrt_now_ns());
    fputc('\n', out);
    print_devices(out);
    print_timelines(out);
    /* The versioning decisions: what the scheduler learned per implementation. */
    struct printer p = {out, false};
    nrt_perf_each_row(print_perf_row, &p);
    p.head = false;
    nrt_tg_each_row(print_tg_row, &p);
}
