/*
 * stats.c - the --summary tables printed to stderr at exit:
 *   per task label and implementation: tasks created, run, where, mean and total time
 *   per worker: tasks run, busy and idle time
 *   per device (device.c's nrt_devices_print_summary)
 *   the versioning decisions (perfmodel.c's learned model)
 * The times come from instr.c's begin/end hooks (on when --summary is), so the smp hot
 * path pays nothing for them without --summary.
 */
#include "nrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Weak: the placeholder device.c of host-only builds does not define it. */
extern void nrt_devices_print_summary(FILE *out) __attribute__((weak));

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
    NRT_PCHECK(pthread_mutex_lock(&nrt_types_lock));
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
    NRT_PCHECK(pthread_mutex_unlock(&nrt_types_lock));
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

static void print_workers(FILE *out, uint64_t now)
{
    fprintf(out, "\n  %-8s %12s %12s %12s\n", "worker", "tasks run", "busy (s)", "idle (s)");
    for (int i = 0; i < nrt_nworkers; i++) {
        const struct nrt_worker *w = &nrt_workers[i];
        uint64_t life = now > w->t_start ? now - w->t_start : 0;
        uint64_t idle = life > w->busy_ns ? life - w->busy_ns : 0;
        fprintf(out, "  %-8d %12lu %12.6f %12.6f\n", i, w->tasks_run, w->busy_ns * 1e-9,
                idle * 1e-9);
    }
}

void nrt_stats_print(uint64_t wall_ns)
{
    FILE *out = stderr;
    fprintf(out, "nanort summary: %d workers, schedule %s, total time %.6f s\n", nrt_nworkers,
            nrt_sched->name, wall_ns * 1e-9);
    print_tasks(out);
    print_workers(out, nrt_now_ns());
    fputc('\n', out);
    if (nrt_devices_print_summary)
        nrt_devices_print_summary(out);
    /* The versioning decisions: what the scheduler learned per implementation. */
    nrt_perf_print(out);
}
