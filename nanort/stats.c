/*
 * stats.c - the --summary table printed to stderr at exit: tasks created and run per
 * label, tasks run, busy and idle time per worker, total time.
 */
#include "nrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct label_row {
    const char *label;
    unsigned long created, run;
};

/* Sum the task types that share a label (two constructs may use the same one). */
static size_t collect_labels(struct label_row **out)
{
    size_t n = 0, cap = 16;
    struct label_row *rows = nrt_xmalloc(cap * sizeof *rows);
    NRT_PCHECK(pthread_mutex_lock(&nrt_types_lock));
    for (struct nrt_type_info *i = nrt_types; i; i = i->next) {
        const char *label = i->type->label ? i->type->label : "(unnamed)";
        size_t k = 0;
        while (k < n && strcmp(rows[k].label, label) != 0)
            k++;
        if (k == n) {
            if (n == cap)
                rows = nrt_xrealloc(rows, (cap *= 2) * sizeof *rows);
            rows[n++] = (struct label_row){label, 0, 0};
        }
        rows[k].created += atomic_load_explicit(&i->created, memory_order_relaxed);
        rows[k].run += atomic_load_explicit(&i->run, memory_order_relaxed);
    }
    NRT_PCHECK(pthread_mutex_unlock(&nrt_types_lock));
    *out = rows;
    return n;
}

static void print_labels(void)
{
    struct label_row *rows;
    size_t n = collect_labels(&rows);
    unsigned long tc = 0, tr = 0;
    fprintf(stderr, "  %-32s %12s %12s\n", "task label", "created", "run");
    for (size_t k = 0; k < n; k++) {
        if (!rows[k].created && !rows[k].run)
            continue;
        fprintf(stderr, "  %-32s %12lu %12lu\n", rows[k].label, rows[k].created, rows[k].run);
        tc += rows[k].created;
        tr += rows[k].run;
    }
    fprintf(stderr, "  %-32s %12lu %12lu\n", "(all)", tc, tr);
    free(rows);
}

static void print_workers(uint64_t now)
{
    fprintf(stderr, "\n  %-8s %12s %12s %12s\n", "worker", "tasks run", "busy (s)", "idle (s)");
    for (int i = 0; i < nrt_nworkers; i++) {
        const struct nrt_worker *w = &nrt_workers[i];
        uint64_t life = now > w->t_start ? now - w->t_start : 0;
        uint64_t idle = life > w->busy_ns ? life - w->busy_ns : 0;
        fprintf(stderr, "  %-8d %12lu %12.6f %12.6f\n", i, w->tasks_run, w->busy_ns * 1e-9,
                idle * 1e-9);
    }
}

void nrt_stats_print(uint64_t wall_ns)
{
    fprintf(stderr, "nanort summary: %d workers, schedule %s, total time %.6f s\n", nrt_nworkers,
            nrt_sched->name, wall_ns * 1e-9);
    print_labels();
    print_workers(nrt_now_ns());
}
