/*
 * instr_trace.c - --trace=FILE as Chrome/Perfetto trace-event JSON (one process per memory
 * space, a thread per track, a span per task and transfer, arrows for dependences), and
 * what the three writers share (this one, instr_graph.c, instr_prv.c): names of task
 * types, implementations, devices and tracks, the index of task spans, and the
 * preparation of the events instr.c recorded (device times replace host times).
 */
#include "nrt.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared by the writers ---------------------------------------------------------------- */

const char *nrt_instr_label(const struct nanort_task_type *type)
{
    return type && type->label ? type->label : "(unnamed)";
}

const char *nrt_instr_impl_name(const struct nanort_impl *impl)
{
    return impl && impl->name ? impl->name : "?";
}

/* "smp", or the space's name up to its first blank ("opencl0 (pthread-...)" -> "opencl0"). */
void nrt_instr_device_name(int space, char *out, size_t size)
{
    const char *name = space > 0 && space < nrt_nspaces && nrt_spaces[space]
                           ? nrt_spaces[space]->name : "smp";
    snprintf(out, size, "%.*s", (int)strcspn(name, " "), name);
}

/* span_of[id]: index + 1 in all[] of the task's first span, 0 when it has none. */
size_t *nrt_instr_index_spans(const struct nrt_ev *all, size_t n, uint64_t max_id)
{
    size_t *span_of = nrt_xcalloc(max_id + 1, sizeof *span_of);
    for (size_t i = 0; i < n; i++)
        if (all[i].kind == NRT_EV_TASK && all[i].a <= max_id && !span_of[all[i].a])
            span_of[all[i].a] = i + 1;
    return span_of;
}

static int space_of_track(int track)
{
    return track >= NRT_TRACK_SPACE(0, 0) ? (track - NRT_TRACK_SPACE(0, 0)) / 4 : -1;
}

/*
 * Where a device reported its own times, they replace the manager's host-timed ones:
 * every host-timed transfer span on the tracks of a space that reported device times,
 * and the host-timed span of every task whose kernels the device timed (one span per
 * task; its dependence arrows then bind to the device's).  The fake device and plugins
 * that report nothing keep the host-timed spans.
 */
static void drop_host_timed(struct nrt_ev *all, size_t n, uint64_t max_id)
{
    bool devspace[NRT_MAX_SPACES] = {false};
    bool *devtask = nrt_xcalloc(max_id + 1, sizeof *devtask);
    for (size_t i = 0; i < n; i++) {
        const struct nrt_ev *e = &all[i];
        int s = space_of_track(e->track);
        if (!e->dev || s < 0 || s >= NRT_MAX_SPACES)
            continue;
        devspace[s] = true;
        if (e->kind == NRT_EV_TASK && e->a && e->a <= max_id)
            devtask[e->a] = true;
    }
    for (size_t i = 0; i < n; i++) {
        struct nrt_ev *e = &all[i];
        int s = space_of_track(e->track);
        if (e->dev || s < 0 || s >= NRT_MAX_SPACES)
            continue;
        if ((e->kind == NRT_EV_XFER && devspace[s]) ||
            (e->kind == NRT_EV_TASK && e->a <= max_id && devtask[e->a]))
            e->kind = NRT_EV_DROPPED;
    }
    free(devtask);
}

/* ---- --trace: Chrome trace-event JSON ------------------------------------------------------ */

/* Tracks: smp workers share process 1; memory space s is process 1 + s. */
static int track_pid(int track)
{
    return track >= NRT_TRACK_SPACE(0, 0) ? 1 + (track - NRT_TRACK_SPACE(0, 0)) / 4 : 1;
}

#define FOREIGN_TRACK 999           /* threads that are not workers (track -1) */

static int track_tid(int track)
{
    return track < 0 ? FOREIGN_TRACK : track;
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* Microseconds since the start with nanosecond digits, as the format wants. */
static void json_us(FILE *f, const char *key, uint64_t ns)
{
    fprintf(f, ",\"%s\":%" PRIu64 ".%03u", key, ns / 1000, (unsigned)(ns % 1000));
}

static uint64_t t_base;             /* the run's time 0, for the writer's time stamps */

static uint64_t rel(uint64_t t)
{
    return t > t_base ? t - t_base : 0;
}

void nrt_instr_track_name(int track, char *name, size_t size)
{
    static const char *const queue[] = {"kernels", "host->device", "device->host"};
    char dev[64];
    if (track < 0) {
        snprintf(name, size, "foreign threads");
    } else if (track < NRT_TRACK_SPACE(0, 0)) {
        snprintf(name, size, "worker %d", track);
    } else if (track == NRT_TRACK_MPI) {
        snprintf(name, size, "MPI requests of tasks");
    } else {
        int s = (track - NRT_TRACK_SPACE(0, 0)) / 4, q = (track - NRT_TRACK_SPACE(0, 0)) % 4;
        nrt_instr_device_name(s, dev, sizeof dev);
        snprintf(name, size, "%s %s", dev, q < 3 ? queue[q] : "queue");
    }
}

static void trace_track_name(FILE *f, int track)
{
    char name[96];
    nrt_instr_track_name(track, name, sizeof name);
    fprintf(f, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
            track_pid(track), track_tid(track));
    json_str(f, name);
    fprintf(f, "}},\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
               "\"args\":{\"sort_index\":%d}},\n", track_pid(track), track_tid(track),
            track_tid(track));
}

/* Metadata: one process per memory space, one named thread per track that has events. */
static void trace_metadata(FILE *f, const struct nrt_ev *all, size_t n)
{
    enum { MAXT = NRT_TRACK_SPACE(NRT_MAX_SPACES, 0) };
    bool *seen = nrt_xcalloc(MAXT + 1, sizeof *seen);
    bool pids[NRT_MAX_SPACES + 1] = {false};
    char dev[64];
    for (size_t i = 0; i < n; i++) {
        if (all[i].kind != NRT_EV_TASK && all[i].kind != NRT_EV_XFER &&
            all[i].kind != NRT_EV_USER)
            continue;
        int tr = all[i].track < 0 ? MAXT : all[i].track;
        if (tr > MAXT || seen[tr])
            continue;
        seen[tr] = true;
        trace_track_name(f, all[i].track);
        int pid = track_pid(all[i].track);
        if (pid <= NRT_MAX_SPACES && !pids[pid]) {
            pids[pid] = true;
            nrt_instr_device_name(pid - 1, dev, sizeof dev);
            fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":",
                    pid);
            json_str(f, pid == 1 ? "nanort smp workers" : dev);
            fputs("}},\n", f);
        }
    }
    free(seen);
}

static void trace_task(FILE *f, const struct nrt_ev *e)
{
    char dev[64];
    nrt_instr_device_name(e->src, dev, sizeof dev);
    fputs("{\"name\":", f);
    json_str(f, nrt_instr_label(e->p));
    fprintf(f, ",\"cat\":\"task\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d", track_pid(e->track),
            track_tid(e->track));
    json_us(f, "ts", rel(e->t0));
    json_us(f, "dur", e->t1 - e->t0);
    fprintf(f, ",\"args\":{\"task\":%" PRIu64 ",\"implementation\":", e->a);
    json_str(f, nrt_instr_impl_name(e->impl));
    fputs(",\"device\":", f);
    json_str(f, dev);
    if (e->b)                       /* a task of a recorded graph: which run of it */
        fprintf(f, ",\"taskgraph\":\"%s\",\"graph_run\":%" PRIu64,
                e->dst ? "replayed" : "recorded", e->b);
    fprintf(f, ",\"clock\":\"%s\"}},\n", e->dev ? "device" : "host");
}

static void trace_transfer(FILE *f, const struct nrt_ev *e)
{
    char from[64], to[64];
    nrt_instr_device_name(e->src, from, sizeof from);
    nrt_instr_device_name(e->dst, to, sizeof to);
    const char *name = e->track == NRT_TRACK_MPI ? "MPI request"
                       : e->src == 0             ? "host->device"
                       : e->dst == 0             ? "device->host"
                                                 : "device->device";
    fprintf(f, "{\"name\":\"%s\",\"cat\":\"transfer\",\"ph\":\"X\",\"pid\":%d,\"tid\":%d",
            name, track_pid(e->track), track_tid(e->track));
    json_us(f, "ts", rel(e->t0));
    json_us(f, "dur", e->t1 - e->t0);
    fprintf(f, ",\"args\":{\"bytes\":%" PRIu64 ",\"from\":", e->a);
    json_str(f, e->src == 0 ? "host" : e->src < 0 ? "another device" : from);
    fputs(",\"to\":", f);
    json_str(f, e->dst == 0 ? "host" : to);
    fprintf(f, ",\"clock\":\"%s\"}},\n", e->dev ? "device" : "host");
}

/* A user event (nanos_instrument_*): an instant on its thread's track, named after its
 * key, with the value (and the value's name when it has one). */
static void trace_user(FILE *f, const struct nrt_ev *e)
{
    const char *value_name;
    const char *key = nrt_user_key_name((unsigned)e->a, e->b, &value_name);
    fputs("{\"name\":", f);
    json_str(f, key ? key : "?");
    fprintf(f, ",\"cat\":\"user\",\"ph\":\"i\",\"s\":\"t\",\"pid\":%d,\"tid\":%d",
            track_pid(e->track), track_tid(e->track));
    json_us(f, "ts", rel(e->t0));
    fprintf(f, ",\"args\":{\"key\":%" PRIu64 ",\"value\":%" PRIu64, e->a, e->b);
    if (value_name) {
        fputs(",\"value_name\":", f);
        json_str(f, value_name);
    } else if (!e->b) {
        fputs(",\"value_name\":\"End\"", f);
    }
    fputs("}},\n", f);
}

/* A dependence arrow: starts at the end of the predecessor's span ("s" binds to the
 * slice around its time stamp, so 1 ns before the end) and ends where the successor's
 * span begins ("f" with binding point "e": the enclosing slice). */
static void trace_flow(FILE *f, uint64_t id, const struct nrt_ev *p, const struct nrt_ev *s)
{
    uint64_t at = p->t1 > p->t0 ? p->t1 - 1 : p->t0;
    fprintf(f, "{\"name\":\"dependence\",\"cat\":\"dep\",\"ph\":\"s\",\"id\":%" PRIu64
               ",\"pid\":%d,\"tid\":%d", id, track_pid(p->track), track_tid(p->track));
    json_us(f, "ts", rel(at));
    fprintf(f, "},\n{\"name\":\"dependence\",\"cat\":\"dep\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%"
               PRIu64 ",\"pid\":%d,\"tid\":%d", id, track_pid(s->track), track_tid(s->track));
    json_us(f, "ts", rel(s->t0));
    fputs("},\n", f);
}

static int by_track_start(const void *a, const void *b)
{
    const struct nrt_ev *x = *(const struct nrt_ev *const *)a, *y = *(const struct nrt_ev *const *)b;
    if (x->track != y->track)
        return x->track < y->track ? -1 : 1;
    return x->t0 < y->t0 ? -1 : x->t0 > y->t0;
}

/*
 * A device runs its queue in order, but a task's span begins when the manager starts it,
 * possibly while the previous kernel still runs (staging overlaps it).  Viewers want the
 * spans of a track nested or disjoint, so a span that begins inside the previous one and
 * ends after it begins where that one ends: the time the device spent on it.
 */
static void clip_device_spans(struct nrt_ev *all, size_t n)
{
    size_t m = 0;
    struct nrt_ev **dev = nrt_xmalloc((n ? n : 1) * sizeof *dev);
    for (size_t i = 0; i < n; i++)
        if ((all[i].kind == NRT_EV_TASK || all[i].kind == NRT_EV_XFER) &&
            all[i].track >= NRT_TRACK_SPACE(0, 0))
            dev[m++] = &all[i];
    qsort(dev, m, sizeof *dev, by_track_start);
    uint64_t end = 0;
    for (size_t i = 0; i < m; i++) {
        if (i == 0 || dev[i]->track != dev[i - 1]->track)
            end = 0;
        if (dev[i]->t0 < end && dev[i]->t1 > end)
            dev[i]->t0 = end;
        if (dev[i]->t1 > end)
            end = dev[i]->t1;
    }
    free(dev);
}

void nrt_instr_prepare(struct nrt_ev *all, size_t n, uint64_t max_id)
{
    drop_host_timed(all, n, max_id);
    clip_device_spans(all, n);
}

void nrt_instr_write_json(FILE *f, struct nrt_ev *all, size_t n, uint64_t max_id,
                          uint64_t time0)
{
    t_base = time0;
    nrt_instr_prepare(all, n, max_id);
    size_t *span_of = nrt_instr_index_spans(all, n, max_id);
    uint64_t flows = 0;
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", f);
    trace_metadata(f, all, n);
    for (size_t i = 0; i < n; i++) {
        const struct nrt_ev *e = &all[i];
        if (e->kind == NRT_EV_TASK)
            trace_task(f, e);
        else if (e->kind == NRT_EV_XFER)
            trace_transfer(f, e);
        else if (e->kind == NRT_EV_USER)
            trace_user(f, e);
        else if (e->kind == NRT_EV_DEP && e->a <= max_id && e->b <= max_id && span_of[e->a] &&
                 span_of[e->b])
            trace_flow(f, ++flows, &all[span_of[e->a] - 1], &all[span_of[e->b] - 1]);
    }
    /* A last metadata record, so that every event above can end with a comma. */
    fputs("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":"
          "\"nanort smp workers\"}}\n]}\n", f);
    free(span_of);
}
