/*
 * instr_prv.c - --trace=FILE.prv: the run as a Paraver trace, the format Nanos++ users
 * read from Extrae: FILE.prv (the records), FILE.pcf (names of states, event types and
 * values) and FILE.row (names of the threads and CPUs).
 *
 * Paraver's objects: one application with one task (this process) and a thread per track
 * of the JSON trace (the smp workers, a thread for tasks created by other threads, then
 * per device its kernel queue and its two copy queues); one node with a CPU per thread.
 * Records, times in ns from the start of the run, in time order:
 *   1:cpu:appl:task:thread:begin:end:state   Running while a task runs, Idle between, the
 *                                            copy states on copy queues
 *   2:cpu:appl:task:thread:time:type:value   at every begin and end, as Nanos++ with Extrae:
 *       9000000 thread state (Nanos++'s values: 5 IDLE, 7 RUNNING, 11/12 transfers),
 *       9200011 user function name (the task's label; 0 when it ends),
 *       and nanort's 9300001 task number, 9300002 implementation, 9300003 bytes copied;
 *     and at each user event (nanos_instrument_*): 9400000 + its key, with its value, the
 *     .pcf naming the key and its values by their descriptions (else their names)
 *   3:... (a relation) from the end of a task to the start of a task that waited for it
 * The user function, task number and implementation are stacked values (a task that runs
 * others in a taskwait): each begin pushes a value, the 0 at its end pops it, as Nanos++
 * writes them.
 */
#include "nrt.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum prv_state { ST_IDLE = 0, ST_RUNNING = 1, ST_TO_DEVICE = 11, ST_TO_HOST = 12,
                 ST_PEER = 13 };
/* Nanos++'s thread-state values (event 9000000). */
enum nanos_state { NS_IDLE = 5, NS_RUNNING = 7, NS_TO_DEVICE = 11, NS_TO_HOST = 12,
                   NS_DEVICE_LOCAL = 13 };
#define EV_THREAD_STATE 9000000
#define EV_USER_FUNCTION 9200011
#define EV_TASK_NUMBER 9300001
#define EV_IMPLEMENTATION 9300002
#define EV_BYTES 9300003
#define EV_USER_KEY_BASE 9400000    /* + the key's number (nanos_instrument_register_key) */

/* One output record: sorted by time, then thread, then the order they were made in. */
struct rec {
    uint64_t t;
    unsigned thread;
    uint64_t seq;
    char *text;
};

struct prv {
    struct rec *r;
    size_t n, cap;
    uint64_t seq, ftime;
    /* thread of each track: index + 1, 0 when the track has no span */
    int *thread_of;                 /* by track slot (see slot()) */
    int *track_of;                  /* by thread - 1 */
    unsigned nthreads;
    const char **labels;            /* distinct labels: value = index + 1 */
    unsigned nlabels;
    const struct nanort_impl **impls;   /* distinct implementations: value = index + 1 */
    unsigned nimpls;
    bool failed;                    /* out of memory writing a record */
};

/* Tracks -1 (foreign), 0..MAXT-1: slot = track + 1. */
enum { MAXT = NRT_TRACK_SPACE(NRT_MAX_SPACES, 0) };

static int slot(int track)
{
    return track < 0 ? 0 : track >= MAXT ? -1 : track + 1;
}

static void add(struct prv *p, uint64_t t, unsigned thread, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add(struct prv *p, uint64_t t, unsigned thread, const char *fmt, ...)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 1024;
        p->r = nrt_xrealloc(p->r, p->cap * sizeof *p->r);
    }
    va_list ap;
    va_start(ap, fmt);
    char *text = NULL;
    if (vasprintf(&text, fmt, ap) < 0) {
        text = NULL;
        p->failed = true;
    }
    va_end(ap);
    if (!text)
        return;
    p->r[p->n++] = (struct rec){t, thread, p->seq++, text};
    if (t > p->ftime)
        p->ftime = t;
}

static unsigned label_value(struct prv *p, const struct nanort_task_type *type)
{
    const char *l = nrt_instr_label(type);
    for (unsigned i = 0; i < p->nlabels; i++)
        if (strcmp(p->labels[i], l) == 0)
            return i + 1;
    p->labels = nrt_xrealloc(p->labels, (p->nlabels + 1) * sizeof *p->labels);
    p->labels[p->nlabels] = l;
    return ++p->nlabels;
}

static unsigned impl_value(struct prv *p, const struct nanort_impl *impl)
{
    for (unsigned i = 0; i < p->nimpls; i++)
        if (p->impls[i] == impl)
            return i + 1;
    p->impls = nrt_xrealloc(p->impls, (p->nimpls + 1) * sizeof *p->impls);
    p->impls[p->nimpls] = impl;
    return ++p->nimpls;
}

static bool is_span(const struct nrt_ev *e)
{
    return e->kind == NRT_EV_TASK || e->kind == NRT_EV_XFER;
}

/* Threads: every worker in order, then the tasks of foreign threads, then the device
 * queues (those with spans). */
static void number_threads(struct prv *p, const struct nrt_ev *all, size_t n)
{
    p->thread_of = nrt_xcalloc(MAXT + 1, sizeof *p->thread_of);
    for (int w = 0; w < nrt_nworkers && w < NRT_TRACK_SPACE(0, 0); w++)
        p->thread_of[slot(w)] = 1;  /* every worker, idle or not */
    for (size_t i = 0; i < n; i++)
        if ((is_span(&all[i]) || all[i].kind == NRT_EV_USER) && slot(all[i].track) >= 0)
            p->thread_of[slot(all[i].track)] = 1;
    p->track_of = nrt_xcalloc(MAXT + 1, sizeof *p->track_of);
    int order[MAXT + 1], k = 0;
    for (int t = 0; t < NRT_TRACK_SPACE(0, 0); t++)
        order[k++] = t;
    order[k++] = -1;
    for (int t = NRT_TRACK_SPACE(0, 0); t < MAXT; t++)
        order[k++] = t;
    for (int i = 0; i < k; i++)
        if (p->thread_of[slot(order[i])]) {
            p->track_of[p->nthreads++] = order[i];
            p->thread_of[slot(order[i])] = (int)p->nthreads;
        }
}

static int by_thread_start(const void *a, const void *b)
{
    const struct nrt_ev *x = *(const struct nrt_ev *const *)a;
    const struct nrt_ev *y = *(const struct nrt_ev *const *)b;
    if (x->track != y->track)
        return x->track < y->track ? -1 : 1;
    if (x->t0 != y->t0)
        return x->t0 < y->t0 ? -1 : 1;
    return x->t1 > y->t1 ? -1 : x->t1 < y->t1;     /* the outer span first */
}

/* The values a span sets while it runs (restored to its enclosing span's at its end). */
struct vals {
    unsigned state, nanos, label, impl;
    uint64_t task, bytes;
};

static struct vals span_vals(struct prv *p, const struct nrt_ev *e)
{
    struct vals v = {ST_RUNNING, NS_RUNNING, 0, 0, 0, 0};
    if (e->kind == NRT_EV_TASK) {
        v.label = label_value(p, e->p);
        v.impl = e->impl ? impl_value(p, e->impl) : 0;
        v.task = e->a;
    } else {
        bool in = e->src == 0, out = e->dst == 0;
        v.state = in ? ST_TO_DEVICE : out ? ST_TO_HOST : ST_PEER;
        v.nanos = in ? NS_TO_DEVICE : out ? NS_TO_HOST : NS_DEVICE_LOCAL;
        v.bytes = e->a;
    }
    return v;
}

static void put_events(struct prv *p, uint64_t t, unsigned th, const struct vals *v)
{
    add(p, t, th, "2:%u:1:1:%u:%" PRIu64 ":%d:%u:%d:%u:%d:%" PRIu64 ":%d:%u:%d:%" PRIu64, th, th,
        t, EV_THREAD_STATE, v->nanos, EV_USER_FUNCTION, v->label, EV_TASK_NUMBER, v->task,
        EV_IMPLEMENTATION, v->impl, EV_BYTES, v->bytes);
}

static void put_state(struct prv *p, unsigned th, uint64_t t0, uint64_t t1, unsigned state)
{
    if (t1 > t0)
        add(p, t0, th, "1:%u:1:1:%u:%" PRIu64 ":%" PRIu64 ":%u", th, th, t0, t1, state);
}

static uint64_t rel(uint64_t t, uint64_t t_base)
{
    return t > t_base ? t - t_base : 0;
}

/* The states and events of one thread's spans (sorted, outer first).  The clipping of
 * instr_trace.c leaves most of them nested or disjoint, not all: on a rank's track two
 * spans can begin inside a third (A 0-10, C 8-12 and B 5-20 clipped to 10-20).  A span
 * that still begins before one that ended here is treated as following it: it begins
 * there (its states would overlap otherwise, which Paraver refuses). */
static void thread_records(struct prv *p, unsigned th, struct nrt_ev **sp, size_t m,
                           uint64_t t_base)
{
    enum { DEPTH = 256 };
    struct nrt_ev *stack[DEPTH];
    struct vals vs[DEPTH];
    size_t depth = 0;
    uint64_t idle_from = 0, run_from = 0, ended = 0;
    static const struct vals idle = {ST_IDLE, NS_IDLE, 0, 0, 0, 0};
    for (size_t i = 0; i <= m; i++) {
        uint64_t t0 = i < m ? rel(sp[i]->t0, t_base) : UINT64_MAX;
        /* end the spans on the stack that end before this one begins */
        while (depth && (rel(stack[depth - 1]->t1, t_base) <= t0 || depth == DEPTH ||
                         rel(stack[depth - 1]->t1, t_base) < rel(i < m ? sp[i]->t1 : 0, t_base))) {
            uint64_t end = rel(stack[--depth]->t1, t_base);
            if (end > ended)
                ended = end;
            /* the thread state goes back to the enclosing span's; the other types are
             * stacked, as Nanos++ writes them: 0 ends the innermost value */
            struct vals back = idle;
            back.nanos = depth ? vs[depth - 1].nanos : NS_IDLE;
            put_events(p, end, th, &back);
            if (depth == 0) {
                put_state(p, th, run_from, end, vs[0].state);
                idle_from = end;
            }
        }
        if (i == m)
            break;
        if (t0 < ended) {           /* begins inside a span that ended: after it */
            t0 = ended;
            sp[i]->t0 = t_base + ended;
            if (sp[i]->t1 < sp[i]->t0)
                sp[i]->t1 = sp[i]->t0;
        }
        struct vals v = span_vals(p, sp[i]);
        if (depth == 0) {
            put_state(p, th, idle_from, t0, ST_IDLE);
            run_from = t0;
        }
        put_events(p, t0, th, &v);
        stack[depth] = sp[i];
        vs[depth++] = v;
    }
}

static void spans_records(struct prv *p, struct nrt_ev *all, size_t n, uint64_t t_base)
{
    size_t m = 0;
    struct nrt_ev **sp = nrt_xmalloc((n ? n : 1) * sizeof *sp);
    for (size_t i = 0; i < n; i++)
        if (is_span(&all[i]) && slot(all[i].track) >= 0)
            sp[m++] = &all[i];
    qsort(sp, m, sizeof *sp, by_thread_start);
    for (size_t a = 0, b; a < m; a = b) {
        for (b = a; b < m && sp[b]->track == sp[a]->track; b++)
            ;
        thread_records(p, (unsigned)p->thread_of[slot(sp[a]->track)], sp + a, b - a, t_base);
    }
    free(sp);
}

/* Dependences: a relation from the end of the predecessor's span to the start of the
 * successor's (on their threads). */
static void dep_records(struct prv *p, const struct nrt_ev *all, size_t n, uint64_t max_id,
                        uint64_t t_base)
{
    size_t *span_of = nrt_instr_index_spans(all, n, max_id);
    for (size_t i = 0; i < n; i++) {
        const struct nrt_ev *e = &all[i];
        if (e->kind != NRT_EV_DEP || e->a > max_id || e->b > max_id || !span_of[e->a] ||
            !span_of[e->b])
            continue;
        const struct nrt_ev *a = &all[span_of[e->a] - 1], *b = &all[span_of[e->b] - 1];
        if (slot(a->track) < 0 || slot(b->track) < 0)
            continue;
        unsigned ta = (unsigned)p->thread_of[slot(a->track)];
        unsigned tb = (unsigned)p->thread_of[slot(b->track)];
        uint64_t send = rel(a->t1, t_base), recv = rel(b->t0, t_base);
        if (recv < send)
            recv = send;            /* two clocks (host, device) a little apart */
        add(p, send, ta, "3:%u:1:1:%u:%" PRIu64 ":%" PRIu64 ":%u:1:1:%u:%" PRIu64 ":%" PRIu64
                         ":0:%d", ta, ta, send, send, tb, tb, recv, recv, e->src);
    }
    free(span_of);
}

/* User events: one record each, on the thread that raised it. */
static void user_records(struct prv *p, const struct nrt_ev *all, size_t n, uint64_t t_base)
{
    for (size_t i = 0; i < n; i++) {
        const struct nrt_ev *e = &all[i];
        if (e->kind != NRT_EV_USER || slot(e->track) < 0 || !p->thread_of[slot(e->track)])
            continue;
        unsigned th = (unsigned)p->thread_of[slot(e->track)];
        uint64_t t = rel(e->t0, t_base);
        add(p, t, th, "2:%u:1:1:%u:%" PRIu64 ":%" PRIu64 ":%" PRIu64, th, th, t,
            EV_USER_KEY_BASE + e->a, e->b);
    }
}

static int by_time(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    if (x->thread != y->thread)
        return x->thread < y->thread ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static bool write_prv(FILE *f, struct prv *p)
{
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(date, sizeof date, "%d/%m/%y at %H:%M", &tm);
    fprintf(f, "#Paraver (%s):%" PRIu64 "_ns:1(%u):1:1(%u:1)\n", date, p->ftime, p->nthreads,
            p->nthreads);
    qsort(p->r, p->n, sizeof *p->r, by_time);
    for (size_t i = 0; i < p->n; i++)
        fprintf(f, "%s\n", p->r[i].text);
    return !p->failed;
}

/* The user's keys in the .pcf: a type per key, a VALUES list when it has named values. */
struct pcf_keys {
    FILE *f;
    unsigned listing;               /* the key whose VALUES list is open, 0: none */
};

static void pcf_key(void *arg, unsigned key, const char *name, const char *descr)
{
    struct pcf_keys *k = arg;
    fprintf(k->f, "\nEVENT_TYPE\n9    %u    %s\n", EV_USER_KEY_BASE + key, *descr ? descr : name);
}

static void pcf_value(void *arg, unsigned key, uint64_t value, const char *name, const char *descr)
{
    struct pcf_keys *k = arg;
    if (k->listing != key)
        fputs("VALUES\n0      End\n", k->f);
    k->listing = key;
    fprintf(k->f, "%" PRIu64 "      %s\n", value, *descr ? descr : name);
}

static void write_pcf(FILE *f, const struct prv *p)
{
    fputs("DEFAULT_OPTIONS\n\nLEVEL               THREAD\nUNITS               NANOSEC\n"
          "LOOK_BACK           100\nSPEED               1\nFLAG_ICONS          ENABLED\n"
          "NUM_OF_STATE_COLORS 1000\nYMAX_SCALE          37\n\n\nDEFAULT_SEMANTIC\n\n"
          "THREAD_FUNC          State As Is\n\n\n", f);
    fprintf(f, "STATES\n%d    Idle\n%d    Running\n%d    Data transfer to device\n"
               "%d    Data transfer to host\n%d    Data transfer between devices\n\n",
            ST_IDLE, ST_RUNNING, ST_TO_DEVICE, ST_TO_HOST, ST_PEER);
    fprintf(f, "STATES_COLOR\n%d    {117,195,255}\n%d    {0,0,255}\n%d    {255,0,0}\n"
               "%d    {255,0,174}\n%d    {179,0,0}\n\n\n", ST_IDLE, ST_RUNNING, ST_TO_DEVICE,
            ST_TO_HOST, ST_PEER);
    fprintf(f, "EVENT_TYPE\n9    %d    Thread state: \nVALUES\n%d     IDLE\n%d     RUNNING\n"
               "%d     DATA TRANSFER TO DEVICE\n%d     DATA TRANSFER TO HOST\n"
               "%d     LOCAL DATA TRANSFER IN DEVICE\n\n", EV_THREAD_STATE, NS_IDLE, NS_RUNNING,
            NS_TO_DEVICE, NS_TO_HOST, NS_DEVICE_LOCAL);
    fprintf(f, "EVENT_TYPE\n9    %d    User Function Name\nVALUES\n0      End\n", EV_USER_FUNCTION);
    for (unsigned i = 0; i < p->nlabels; i++)
        fprintf(f, "%u      %s\n", i + 1, p->labels[i]);
    fprintf(f, "\nEVENT_TYPE\n9    %d    Task number\n\n", EV_TASK_NUMBER);
    fprintf(f, "EVENT_TYPE\n9    %d    Implementation\nVALUES\n0      End\n", EV_IMPLEMENTATION);
    for (unsigned i = 0; i < p->nimpls; i++)
        fprintf(f, "%u      %s\n", i + 1, nrt_instr_impl_name(p->impls[i]));
    fprintf(f, "\nEVENT_TYPE\n9    %d    Bytes transferred\n\n", EV_BYTES);
    struct pcf_keys k = {f, 0};
    nrt_user_keys_each(pcf_key, pcf_value, &k);
}

static void write_row(FILE *f, const struct prv *p)
{
    char host[256] = "localhost", name[96];
    if (gethostname(host, sizeof host) != 0)
        strcpy(host, "localhost");
    host[sizeof host - 1] = '\0';
    fprintf(f, "LEVEL CPU SIZE %u\n", p->nthreads);
    for (unsigned i = 0; i < p->nthreads; i++)
        fprintf(f, "%u.%s\n", i + 1, host);
    fprintf(f, "\nLEVEL NODE SIZE 1\n%s\n\nLEVEL THREAD SIZE %u\n", host, p->nthreads);
    for (unsigned i = 0; i < p->nthreads; i++) {
        nrt_instr_track_name(p->track_of[i], name, sizeof name);
        fprintf(f, "%s\n", name);
    }
}

/* FILE.prv -> FILE.pcf, FILE.row. */
static char *sibling(const char *prv, const char *ext)
{
    size_t k = strlen(prv) - 4;
    char *s = nrt_xmalloc(k + 5);
    memcpy(s, prv, k);
    memcpy(s + k, ext, 5);
    return s;
}

/* Open, write with fn, close; false (said) when it fails. */
static bool output(const char *path, bool (*fn)(FILE *, struct prv *), struct prv *p)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "nanort: cannot write the trace to '%s': %s (give --trace a writable "
                        "path)\n", path, strerror(errno));
        return false;
    }
    bool ok = fn(f, p);
    if ((ferror(f) | fclose(f)) || !ok) {
        fprintf(stderr, "nanort: writing the trace to '%s' failed: %s\n", path,
                ok ? strerror(errno) : "out of memory");
        return false;
    }
    return true;
}

static bool pcf_fn(FILE *f, struct prv *p)
{
    write_pcf(f, p);
    return true;
}

static bool row_fn(FILE *f, struct prv *p)
{
    write_row(f, p);
    return true;
}

bool nrt_instr_write_paraver(const char *prv_path, struct nrt_ev *all, size_t n,
                             uint64_t max_id, uint64_t t_base)
{
    struct prv p;
    memset(&p, 0, sizeof p);
    nrt_instr_prepare(all, n, max_id);
    number_threads(&p, all, n);
    spans_records(&p, all, n, t_base);
    dep_records(&p, all, n, max_id, t_base);
    user_records(&p, all, n, t_base);
    char *pcf = sibling(prv_path, ".pcf"), *row = sibling(prv_path, ".row");
    bool ok = output(prv_path, write_prv, &p);
    ok &= output(pcf, pcf_fn, &p);
    ok &= output(row, row_fn, &p);
    for (size_t i = 0; i < p.n; i++)
        free(p.r[i].text);
    free(p.r);
    free(p.thread_of);
    free(p.track_of);
    free(p.labels);
    free(p.impls);
    free(pcf);
    free(row);
    return ok;
}
