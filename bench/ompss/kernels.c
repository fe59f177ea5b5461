/*
 * kernels.c - the samples' tile kernels (samples/cholesky/kernels.h,
 * samples/matmul/kernels.h) as external functions, compiled once by gcc and linked into
 * both OpenMP peers, so that libgomp and libomp run the same machine code on every tile
 * and only the runtimes differ (as bench/micro does with micro.c).
 */
#include "kernels.h"

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
 * a runtime's loss can be told apart: slower bodies, or time outside them. */
static bool bodies_on;
static _Atomic unsigned long long bodies_ns, bodies_n;

static __attribute__((constructor)) void bodies_start(void)
{
    const char *e = getenv("BENCH_BODIES");
    bodies_on = e && *e && strcmp(e, "0") != 0;
}

static __attribute__((destructor)) void bodies_report(void)
{
    if (bodies_on)
        fprintf(stderr, "bodies: %.6f s in %llu calls\n", bodies_ns * 1e-9, bodies_n);
}

static unsigned long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

#define TIMED(call)                                                                        \
    do {                                                                                   \
        if (__builtin_expect(bodies_on, 0)) {                                              \
            unsigned long long t0_ = now_ns();                                             \
            call;                                                                          \
            atomic_fetch_add_explicit(&bodies_ns, now_ns() - t0_, memory_order_relaxed);   \
            atomic_fetch_add_explicit(&bodies_n, 1, memory_order_relaxed);                 \
        } else {                                                                           \
            call;                                                                          \
        }                                                                                  \
    } while (0)

int bench_potrf(double *a, int ts) { int r; TIMED(r = potrf_tile(a, ts)); return r; }
void bench_trsm(const double *a, double *b, int ts) { TIMED(trsm_tile(a, b, ts)); }
void bench_syrk(const double *a, double *c, int ts) { TIMED(syrk_tile(a, c, ts)); }
void bench_gemm(const double *a, const double *b, double *c, int ts) { TIMED(gemm_tile(a, b, c, ts)); }
void bench_matmul(const double *a, const double *b, double *c, int bs) { TIMED(matmul_tile(a, b, c, bs)); }

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
