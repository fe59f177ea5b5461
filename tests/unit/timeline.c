/*
 * timeline.c - Check suite for the device timeline's arithmetic (nanort/stats.c): the
 * union of spans (unsorted, nested, touching, duplicated), the time two unions share
 * (spans fully inside, partly overlapping, disjoint), and nrt_devtime_record() keeping
 * the spans per space and lane with the times put in order; and the Paraver writer
 * (nanort/instr_prv.c) keeping a thread's states apart where a rank's track has spans
 * that begin inside others.  No runtime is started.
 */
#include "util.h"
#include "../../nanort/nrt.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SP(a, b) ((struct nrt_span){(a), (b)})

/* merge a copy of s and return the union's length (and its span count in *n). */
static uint64_t union_len(const struct nrt_span *s, size_t n, size_t *out_n)
{
    struct nrt_span buf[16];
    memcpy(buf, s, n * sizeof *s);
    size_t m = nrt_spans_merge(buf, n);
    if (out_n)
        *out_n = m;
    return nrt_spans_length(buf, m);
}

/* Overlap of the unions of a and b. */
static uint64_t overlap(const struct nrt_span *a, size_t na, const struct nrt_span *b,
                        size_t nb)
{
    struct nrt_span x[16], y[16];
    memcpy(x, a, na * sizeof *a);
    memcpy(y, b, nb * sizeof *b);
    na = nrt_spans_merge(x, na);
    nb = nrt_spans_merge(y, nb);
    return nrt_spans_overlap(x, na, y, nb);
}

START_TEST(timeline_union_unsorted_nested_touching)
{
    const struct nrt_span s[] = {SP(50, 60), SP(0, 10), SP(2, 5), SP(10, 20), SP(50, 60),
                                 SP(30, 30), SP(55, 70)};
    size_t n;
    ck_assert_uint_eq(union_len(s, 7, &n), 20 + 20);
    ck_assert_uint_eq(n, 3);        /* [0,20) [30,30) [50,70) */
    ck_assert_uint_eq(union_len(s, 0, &n), 0);
    ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(timeline_overlap_fully_inside)
{
    const struct nrt_span copies[] = {SP(10, 20), SP(40, 45)};
    const struct nrt_span kernels[] = {SP(0, 100)};
    ck_assert_uint_eq(overlap(copies, 2, kernels, 1), 15);
    ck_assert_uint_eq(overlap(kernels, 1, copies, 2), 15);
}
END_TEST

START_TEST(timeline_overlap_partly)
{
    /* copies [5,15) [25,35) [50,60); kernels [0,10) [30,55): 5 + 5 + 5 */
    const struct nrt_span copies[] = {SP(25, 35), SP(5, 15), SP(50, 60)};
    const struct nrt_span kernels[] = {SP(30, 55), SP(0, 10)};
    ck_assert_uint_eq(overlap(copies, 3, kernels, 2), 15);
    /* one long copy across several kernels */
    const struct nrt_span one[] = {SP(0, 100)};
    const struct nrt_span ks[] = {SP(10, 20), SP(30, 40), SP(90, 120)};
    ck_assert_uint_eq(overlap(one, 1, ks, 3), 10 + 10 + 10);
}
END_TEST

START_TEST(timeline_overlap_none)
{
    const struct nrt_span copies[] = {SP(0, 10), SP(20, 30)};
    const struct nrt_span kernels[] = {SP(10, 20), SP(30, 40)};   /* touching only */
    ck_assert_uint_eq(overlap(copies, 2, kernels, 2), 0);
    ck_assert_uint_eq(overlap(copies, 2, kernels, 0), 0);
    ck_assert_uint_eq(overlap(copies, 0, kernels, 2), 0);
}
END_TEST

START_TEST(timeline_record_per_space_and_lane)
{
    struct nrt_space s = {.id = 2};
    bool was = nrt_devtime_on;
    nrt_devtime_on = true;
    nrt_devtime_record(&s, NRT_LANE_KERNEL, 100, 200, 0, NULL);
    nrt_devtime_record(&s, NRT_LANE_IN, 50, 40, 4096, NULL);   /* reversed: empty span */
    nrt_devtime_record(&s, NRT_LANE_PEER, 10, 20, 64, NULL);
    nrt_devtime_on = false;
    nrt_devtime_record(&s, NRT_LANE_OUT, 1, 2, 8, NULL);        /* off: not kept */
    nrt_devtime_on = was;
    size_t n;
    const struct nrt_span *k = nrt_devtime_spans(2, NRT_LANE_KERNEL, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert(k[0].t0 == 100 && k[0].t1 == 200);
    const struct nrt_span *in = nrt_devtime_spans(2, NRT_LANE_IN, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert(in[0].t0 == 50 && in[0].t1 == 50);
    nrt_devtime_spans(2, NRT_LANE_PEER, &n);
    ck_assert_uint_eq(n, 1);
    nrt_devtime_spans(2, NRT_LANE_OUT, &n);
    ck_assert_uint_eq(n, 0);
    nrt_devtime_spans(0, NRT_LANE_KERNEL, &n);   /* the host has no timeline */
    ck_assert_uint_eq(n, 0);
}
END_TEST

/* Spans on one device track as a rank's arrive (clip_device_spans in instr_trace.c
 * leaves A 1000-2000, C 1800-2500, B 2000-4000, D 3000-3500, E 3200-5000 after B
 * 1500-4000 is clipped): the .prv's states of a thread must not overlap, and every
 * span's begin event is still there. */
START_TEST(timeline_paraver_states_apart)
{
    static const struct nanort_task_type ty = {.label = "k"};
    const int tr = NRT_TRACK_SPACE(1, 0);
    struct nrt_ev ev[] = {
        {.t0 = 1000, .t1 = 2000, .a = 1, .p = &ty, .track = tr, .kind = NRT_EV_TASK},
        {.t0 = 1500, .t1 = 4000, .a = 2, .p = &ty, .track = tr, .kind = NRT_EV_TASK},
        {.t0 = 1800, .t1 = 2500, .a = 3, .p = &ty, .track = tr, .kind = NRT_EV_TASK},
        {.t0 = 3000, .t1 = 3500, .a = 4, .p = &ty, .track = tr, .kind = NRT_EV_TASK},
        {.t0 = 3200, .t1 = 5000, .a = 5, .p = &ty, .track = tr, .kind = NRT_EV_TASK},
    };
    char dir[] = "/tmp/timeline-prv-XXXXXX", path[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/t.prv", dir);
    ck_assert(nrt_instr_write_paraver(path, ev, sizeof ev / sizeof *ev, 5, 0));
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    uint64_t last_end = 0;
    int states = 0, begins = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned cpu, th, st;
        uint64_t b, e;
        if (sscanf(line, "1:%u:1:1:%u:%" SCNu64 ":%" SCNu64 ":%u", &cpu, &th, &b, &e, &st) == 5) {
            ck_assert_msg(b >= last_end, "state %" PRIu64 "-%" PRIu64 " begins before %" PRIu64
                          " (%s)", b, e, last_end, line);
            last_end = e;
            states++;
        }
        if (strncmp(line, "2:", 2) == 0 && strstr(line, ":9200011:1"))
            begins++;
    }
    fclose(f);
    ck_assert_int_ge(states, 5);
    ck_assert_int_eq(begins, 5);
    ck_assert_int_eq(last_end, 5000);
    for (const char *x = ".prv\0.pcf\0.row\0"; *x; x += strlen(x) + 1) {
        snprintf(path, sizeof path, "%s/t%s", dir, x);
        unlink(path);
    }
    rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("timeline");
    TCase *tc = ut_tcase(s, "timeline", 10);
    tcase_add_test(tc, timeline_union_unsorted_nested_touching);
    tcase_add_test(tc, timeline_overlap_fully_inside);
    tcase_add_test(tc, timeline_overlap_partly);
    tcase_add_test(tc, timeline_overlap_none);
    tcase_add_test(tc, timeline_record_per_space_and_lane);
    tcase_add_test(tc, timeline_paraver_states_apart);
    return ut_run_suite(s);
}
