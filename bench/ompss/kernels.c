/*
 * kernels.c - the samples' tile kernels (samples/cholesky/kernels.h,
 * samples/matmul/kernels.h) as external functions, compiled once by gcc and linked into
 * both OpenMP peers, so that libgomp and libomp run the same machine code on every tile
 * and only the runtimes differ (as bench/micro does with micro.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "kernels.h"

#include <sched.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include "../../samples/cholesky/kernels.h"
#include "../../samples/matmul/kernels.h"

int bench_args(int argc, char **argv, int def_n, int def_tile, int *n, int *tile)
{
    *n = argc > 1 ? atoi(argv[1]) : def_n;
    *tile = argc > 2 ? atoi(argv[2]) : def_tile;
    if (*n <= 0 || *tile <= 0 || *n % *tile != 0) {
        fprintf(stderr, "usage: %s [N [TILE]]  (N a multiple of TILE)\n", argv[0]);
        return -1;
    }
    return 0;
}

/* BENCH_BODIES=1: every kernel call is timed and the sum of their times (the bodies'
 * share of the threads' time, whatever the runtime) is printed on stderr at exit, so that
 * a runtime's loss can be told apart: slower bodies, or time outside them.
 * BENCH_TRACE=FILE: every call is also recorded (kernel, tiles, start, end, CPU) and
 * written to FILE at exit, one line a call, for bench/ompss/body_chain.py, which rebuilds
 * the dependences from the tiles and finds the chain that ended the run: the same
 * analysis for every runtime, since it needs nothing from the runtime. */
static bool bodies_on;
static _Atomic unsigned long long bodies_ns, bodies_n;

struct call_rec {
    char kind;                  /* p(otrf) t(rsm) s(yrk) g(emm) m(atmul) */
    int cpu;
    const void *out, *in1, *in2;
    unsigned long long t0, t1;
};
enum { TRACE_MAX = 1 << 16 };
static struct call_rec *trace_recs;
static _Atomic unsigned trace_n;
static const char *trace_path;

static __attribute__((constructor)) void bodies_start(void)
{
    const char *e = getenv("BENCH_BODIES");
    bodies_on = e && *e && strcmp(e, "0") != 0;
    trace_path = getenv("BENCH_TRACE");
    if (trace_path && *trace_path) {
        trace_recs = calloc(TRACE_MAX, sizeof *trace_recs);
        bodies_on = trace_recs != NULL;
    }
}

static __attribute__((destructor)) void bodies_report(void)
{
    if (bodies_on)
        fprintf(stderr, "bodies: %.6f s in %llu calls\n", bodies_ns * 1e-9, bodies_n);
    if (trace_recs) {
        FILE *f = fopen(trace_path, "w");
        if (!f) {
            perror(trace_path);
            return;
        }
        unsigned n = trace_n < TRACE_MAX ? trace_n : TRACE_MAX;
        for (unsigned i = 0; i < n; i++) {
            const struct call_rec *r = &trace_recs[i];
            fprintf(f, "%c %llu %llu %d %p %p %p\n", r->kind, r->t0, r->t1, r->cpu, r->out,
                    r->in1, r->in2);
        }
        fclose(f);
    }
}

static unsigned long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

static void trace_call(char kind, const void *out, const void *in1, const void *in2,
                       unsigned long long t0, unsigned long long t1)
{
    unsigned i = atomic_fetch_add_explicit(&trace_n, 1, memory_order_relaxed);
    if (i < TRACE_MAX)
        trace_recs[i] = (struct call_rec){kind, sched_getcpu(), out, in1, in2, t0, t1};
}

#define TIMED(kind, out, in1, in2, call)                                                   \
    do {                                                                                   \
        if (__builtin_expect(bodies_on, 0)) {                                              \
            unsigned long long t0_ = now_ns();                                             \
            call;                                                                          \
            unsigned long long t1_ = now_ns();                                             \
            atomic_fetch_add_explicit(&bodies_ns, t1_ - t0_, memory_order_relaxed);        \
            atomic_fetch_add_explicit(&bodies_n, 1, memory_order_relaxed);                 \
            if (trace_recs)                                                                \
                trace_call(kind, out, in1, in2, t0_, t1_);                                 \
        } else {                                                                           \
            call;                                                                          \
        }                                                                                  \
    } while (0)

int bench_potrf(double *a, int ts) { int r; TIMED('p', a, NULL, NULL, r = potrf_tile(a, ts)); return r; }
void bench_trsm(const double *a, double *b, int ts) { TIMED('t', b, a, NULL, trsm_tile(a, b, ts)); }
void bench_syrk(const double *a, double *c, int ts) { TIMED('s', c, a, NULL, syrk_tile(a, c, ts)); }
void bench_gemm(const double *a, const double *b, double *c, int ts) { TIMED('g', c, a, b, gemm_tile(a, b, c, ts)); }
void bench_matmul(const double *a, const double *b, double *c, int bs) { TIMED('m', c, a, b, matmul_tile(a, b, c, bs)); }

double **bench_chol_setup(int nt, int ts)
{
    double **t = tiles_alloc(nt, ts);
    spd_fill(t, nt, ts);
    return t;
}

double bench_chol_error(double **t, int nt, int ts)
{
    double err = cholesky_error(t, nt, ts);
    tiles_free(t, nt);
    return err;
}

double **bench_mm_setup(int nt, int bs, int which)
{
    double **t = mm_alloc(nt, bs);
    mm_fill(t, nt, bs, which);
    return t;
}

int bench_mm_wrong_rows(double **c, int nt, int bs)
{
    return matmul_wrong_rows(c, nt, bs);
}

void bench_mm_free(double **t, int nt)
{
    mm_free(t, nt);
}
