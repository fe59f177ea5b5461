/*
 * cholesky.c - tiled Cholesky factorisation A = L * L^T written directly against the
 * nanort C API (include/nanort.h): no compiler support, just task types, argument
 * blocks and 2-D tile regions.
 *
 *   usage: cholesky [N [TILE]]          (defaults 1024 128; N need not be a multiple)
 *   NX_ARGS="--smp-workers=2 --summary" build/samples/capi/cholesky 2048 256
 *
 * The matrix is one row-major N x N array of doubles; tile (I, J) covers rows
 * I*TILE.. and columns J*TILE.. .  For each k the right-looking algorithm runs
 *   potrf(A[k][k]);  trsm(A[k][k] -> A[i][k]);  syrk(A[i][k] -> A[i][i]);
 *   gemm(A[i][k], A[j][k] -> A[i][j])          for k < j < i
 * as tasks whose dependences are the tiles they read (in) and update (inout); the
 * runtime orders them.  At the end L * L^T is compared with the original matrix.
 * Exit status: 0 when the result is right ("result: OK"), 1 when it is wrong.
 */
#include <nanort.h>

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- kernels: plain C on tiles of a matrix with leading dimension ld ----------------- */

/* Arguments of every kernel: c is updated, a and b are read (m x n output, k inner). */
struct kernel_args {
    double *c;
    const double *a, *b;
    int m, n, k;
    size_t ld;
};

static atomic_int not_positive_definite;

/* c (n x n) := its lower Cholesky factor; the strict upper part is left as it was. */
static void potrf(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    struct kernel_args *t = p;
    double *c = t->c;
    size_t ld = t->ld;
    for (int j = 0; j < t->n; j++) {
        double d = c[j * ld + j];
        for (int q = 0; q < j; q++)
            d -= c[j * ld + q] * c[j * ld + q];
        if (d <= 0) {
            atomic_store(&not_positive_definite, 1);
            return;
        }
        d = sqrt(d);
        c[j * ld + j] = d;
        for (int i = j + 1; i < t->n; i++) {
            double s = c[i * ld + j];
            for (int q = 0; q < j; q++)
                s -= c[i * ld + q] * c[j * ld + q];
            c[i * ld + j] = s / d;
        }
    }
}

/* c (m x n) := c * a^-T, a the n x n lower factor of the diagonal tile. */
static void trsm(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    struct kernel_args *t = p;
    size_t ld = t->ld;
    for (int i = 0; i < t->m; i++) {
        double *x = t->c + i * ld;
        for (int j = 0; j < t->n; j++) {
            const double *l = t->a + j * ld;
            double s = x[j];
            for (int q = 0; q < j; q++)
                s -= x[q] * l[q];
            x[j] = s / l[j];
        }
    }
}

/* c := c - a * b^T (c m x n, a m x k, b n x k); only j <= i when `lower_only`. */
static void update(struct kernel_args *t, int lower_only)
{
    size_t ld = t->ld;
    for (int i = 0; i < t->m; i++) {
        const double *ai = t->a + i * ld;
        int jmax = lower_only ? i + 1 : t->n;
        for (int j = 0; j < jmax; j++) {
            const double *bj = t->b + j * ld;
            double s = 0;
            for (int q = 0; q < t->k; q++)
                s += ai[q] * bj[q];
            t->c[i * ld + j] -= s;
        }
    }
}

/* Diagonal tile: c := c - a * a^T, lower triangle. */
static void syrk(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    update(p, 1);
}

static void gemm(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    update(p, 0);
}

/* ---- task types and task creation ------------------------------------------------------ */

#define KERNEL_TYPE(fn)                                                                  \
    static const struct nanort_impl fn##_impl = {NANORT_DEVICE_SMP, fn, #fn, NULL};      \
    static struct nanort_task_type fn##_type = {#fn, __FILE__, 1, &fn##_impl, NULL}
KERNEL_TYPE(potrf);
KERNEL_TYPE(trsm);
KERNEL_TYPE(syrk);
KERNEL_TYPE(gemm);

/* The matrix and its tiling. */
struct tiling {
    double *a;
    int n, ts, nt; /* order, tile size, tiles per side */
};

static int tile_len(const struct tiling *m, int i) { return i == m->nt - 1 ? m->n - i * m->ts : m->ts; }
static double *tile(const struct tiling *m, int i, int j)
{
    return m->a + (size_t)i * m->ts * m->n + (size_t)j * m->ts;
}

/* Add tile (i, j) as a 2-D region: dims[0] in bytes, dims[1] in rows. */
static void tile_region(nanort_task *t, unsigned mode, const struct tiling *m, int i, int j)
{
    struct nanort_dim d[2] = {
        {(size_t)m->n * sizeof(double), (size_t)j * m->ts * sizeof(double),
         (size_t)tile_len(m, j) * sizeof(double)},
        {(size_t)m->n, (size_t)i * m->ts, (size_t)tile_len(m, i)},
    };
    nanort_task_region(t, mode, m->a, 2, d);
}

/*
 * One kernel task: updates tile c = (ci, cj) from tile a = (ai, aj) and, for gemm, tile
 * b = (bi, bj) (pass ai < 0 / bi < 0 when absent).  The inner length is the width of
 * the column of tiles being eliminated.
 */
static void spawn(struct nanort_task_type *type, const struct tiling *m, int ci, int cj,
                  int ai, int aj, int bi, int bj)
{
    unsigned nregions = 1 + (ai >= 0) + (bi >= 0);
    void *p;
    nanort_task *t = nanort_task_create(type, sizeof(struct kernel_args), nregions, 2 * nregions, &p);
    struct kernel_args *k = p;
    k->c = tile(m, ci, cj);
    k->a = ai >= 0 ? tile(m, ai, aj) : NULL;
    k->b = bi >= 0 ? tile(m, bi, bj) : k->a; /* syrk: c -= a * a^T */
    k->m = tile_len(m, ci);
    k->n = tile_len(m, cj);
    k->k = ai >= 0 ? tile_len(m, aj) : 0;
    k->ld = (size_t)m->n;
    tile_region(t, NANORT_DEP_INOUT, m, ci, cj);
    if (ai >= 0)
        tile_region(t, NANORT_DEP_IN, m, ai, aj);
    if (bi >= 0)
        tile_region(t, NANORT_DEP_IN, m, bi, bj);
    nanort_task_submit(t, 0, 0);
}

/* Submit the whole factorisation; returns the number of tasks. */
static long factorise(const struct tiling *m)
{
    long tasks = 0;
    for (int k = 0; k < m->nt; k++) {
        spawn(&potrf_type, m, k, k, -1, 0, -1, 0), tasks++;
        for (int i = k + 1; i < m->nt; i++)
            spawn(&trsm_type, m, i, k, k, k, -1, 0), tasks++;
        for (int i = k + 1; i < m->nt; i++) {
            spawn(&syrk_type, m, i, i, i, k, -1, 0), tasks++;
            for (int j = k + 1; j < i; j++)
                spawn(&gemm_type, m, i, j, i, k, j, k), tasks++;
        }
    }
    return tasks;
}

/* ---- input and check ------------------------------------------------------------------- */

/* A random symmetric matrix with a heavy diagonal, hence positive definite. */
static void make_spd(double *a, int n)
{
    uint64_t s = 42;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            s = s * 6364136223846793005u + 1442695040888963407u;
            double v = (double)(s >> 11) / 9007199254740992.0; /* [0, 1) */
            a[(size_t)i * n + j] = a[(size_t)j * n + i] = v + (i == j ? n : 0);
        }
}

/* ||A0 - L L^T|| / ||A0|| over the lower triangle (Frobenius). */
static double relative_error(const double *a0, const double *l, int n)
{
    double diff = 0, norm = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int q = 0; q <= j; q++)
                s += l[(size_t)i * n + q] * l[(size_t)j * n + q];
            double d = a0[(size_t)i * n + j] - s;
            diff += d * d;
            norm += a0[(size_t)i * n + j] * a0[(size_t)i * n + j];
        }
    return sqrt(diff / norm);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int parse_int(const char *s, const char *what)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*end || v < 1 || v > 1 << 16) {
        fprintf(stderr, "cholesky: %s must be an integer in 1..65536, not '%s'\n", what, s);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with the runtime's stderr output */
    /* --inject-error corrupts one element after the factorisation: the check must fail. */
    int inject = argc > 1 && strcmp(argv[argc - 1], "--inject-error") == 0;
    argc -= inject;
    struct tiling m = {NULL, argc > 1 ? parse_int(argv[1], "N") : 1024,
                       argc > 2 ? parse_int(argv[2], "TILE") : 128, 0};
    if (argc > 3) {
        fprintf(stderr, "usage: cholesky [N [TILE]]\n");
        return 2;
    }
    if (m.ts > m.n)
        m.ts = m.n;
    m.nt = (m.n + m.ts - 1) / m.ts;
    size_t bytes = (size_t)m.n * m.n * sizeof(double);
    double *a0 = malloc(bytes);
    m.a = malloc(bytes);
    if (!a0 || !m.a) {
        fprintf(stderr, "cholesky: cannot allocate two %dx%d matrices\n", m.n, m.n);
        return 2;
    }
    make_spd(a0, m.n);
    memcpy(m.a, a0, bytes);

    double t0 = now();
    long tasks = factorise(&m);
    nanort_taskwait();
    double t = now() - t0;
    long nt = m.nt;
    printf("cholesky: N=%d tile=%d (%ldx%ld tiles), %d workers, %ld tasks"
           " (%ld potrf, %ld trsm, %ld syrk, %ld gemm)\n",
           m.n, m.ts, nt, nt, nanort_num_workers(), tasks, nt, nt * (nt - 1) / 2,
           nt * (nt - 1) / 2, nt * (nt - 1) * (nt - 2) / 6);
    printf("time: %.3f s, %.2f GFLOP/s\n", t, (double)m.n * m.n * m.n / 3 / t * 1e-9);

    if (inject)
        m.a[(size_t)(m.n - 1) * m.n] += 1.0;
    double err = relative_error(a0, m.a, m.n), bound = 16.0 * m.n * 2.220446e-16;
    int ok = !atomic_load(&not_positive_definite) && err <= bound;
    printf("check: |A - L*L^T| / |A| = %.3g (bound %.3g)%s\n", err, bound,
           atomic_load(&not_positive_definite) ? ", potrf met a non-positive pivot" : "");
    printf("result: %s\n", ok ? "OK" : "WRONG");
    free(a0);
    free(m.a);
    return ok ? 0 : 1;
}
