/*
 * starpu_mpi.c - the StarPU-MPI peer of the cluster benchmark: tiled Cholesky or matmul
 * on the same tiling and the same tile kernels (bench/ompss/kernels.o) as the OmpSs
 * samples, written the way StarPU-MPI programs are: every rank inserts every task
 * (starpu_mpi_task_insert), tiles are owned 2-D block-cyclically over a P x Q grid of the
 * ranks, a task runs on the owner of the tile it writes, and StarPU-MPI moves the tiles
 * it reads.  Workers per rank: STARPU_NCPU (run.sh sets it).
 *
 * Timed like the samples: from the first task inserted to the result on rank 0 (the
 * written tiles gathered there), so that both sides include bringing the result home.
 * StarPU's tiles start on their owners (each rank fills its own: not timed); ours start
 * on rank 0 and travel during the timed run.
 *
 *   usage: mpirun -np N starpu_mpi cholesky|matmul N TILE
 */
#include "../ompss/kernels.h"

#include <mpi.h>
#include <starpu.h>
#include <starpu_mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int P, Q;                    /* the process grid */

static int owner(int i, int j)
{
    return (i % P) * Q + (j % Q);
}

/* ---- the codelets -------------------------------------------------------------------- */

#define TILE(b, k) ((double *)STARPU_MATRIX_GET_PTR((b)[k]))
#define TS(b) ((int)STARPU_MATRIX_GET_NX((b)[0]))

static int not_spd;

static void potrf_cpu(void *b[], void *arg)
{
    (void)arg;
    if (bench_potrf(TILE(b, 0), TS(b)) != 0)
        __atomic_store_n(&not_spd, 1, __ATOMIC_RELAXED);
}
static void trsm_cpu(void *b[], void *arg) { (void)arg; bench_trsm(TILE(b, 0), TILE(b, 1), TS(b)); }
static void syrk_cpu(void *b[], void *arg) { (void)arg; bench_syrk(TILE(b, 0), TILE(b, 1), TS(b)); }
static void gemm_cpu(void *b[], void *arg)
{
    (void)arg;
    bench_gemm(TILE(b, 0), TILE(b, 1), TILE(b, 2), TS(b));
}
static void matmul_cpu(void *b[], void *arg)
{
    (void)arg;
    bench_matmul(TILE(b, 0), TILE(b, 1), TILE(b, 2), TS(b));
}

static struct starpu_codelet potrf_cl = {.cpu_funcs = {potrf_cpu}, .nbuffers = 1,
                                         .modes = {STARPU_RW}, .name = "potrf"};
static struct starpu_codelet trsm_cl = {.cpu_funcs = {trsm_cpu}, .nbuffers = 2,
                                        .modes = {STARPU_R, STARPU_RW}, .name = "trsm"};
static struct starpu_codelet syrk_cl = {.cpu_funcs = {syrk_cpu}, .nbuffers = 2,
                                        .modes = {STARPU_R, STARPU_RW}, .name = "syrk"};
static struct starpu_codelet gemm_cl = {.cpu_funcs = {gemm_cpu}, .nbuffers = 3,
                                        .modes = {STARPU_R, STARPU_R, STARPU_RW},
                                        .name = "gemm"};
static struct starpu_codelet matmul_cl = {.cpu_funcs = {matmul_cpu}, .nbuffers = 3,
                                          .modes = {STARPU_R, STARPU_R, STARPU_RW},
                                          .name = "matmul"};

/* ---- tiles ------------------------------------------------------------------------------ */

static int tag;                     /* next MPI data tag */

/* Register tile (i, j) of t: every rank with its own copy of the initial values (so rank
 * 0 gets the results back into its arrays at unregistration), owned block-cyclically. */
static starpu_data_handle_t reg(double **t, int nt, int i, int j, int ts)
{
    starpu_data_handle_t h;
    starpu_matrix_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)t[i * nt + j], ts, ts, ts,
                                sizeof(double));
    starpu_mpi_data_register(h, tag++, owner(i, j));
    return h;
}

static void gather(starpu_data_handle_t *h, int n)
{
    for (int k = 0; k < n; k++)
        if (h[k])
            starpu_mpi_get_data_on_node(MPI_COMM_WORLD, h[k], 0);
}

static void unregister_all(starpu_data_handle_t *h, int n)
{
    for (int k = 0; k < n; k++)
        if (h[k])
            starpu_data_unregister(h[k]);
}

static double run_cholesky(int rank, int nt, int ts, int *ok)
{
    double **a = bench_chol_setup(nt, ts);
    starpu_data_handle_t *h = calloc((size_t)nt * nt, sizeof *h);
    for (int i = 0; i < nt; i++)
        for (int j = 0; j <= i; j++)
            h[i * nt + j] = reg(a, nt, i, j, ts);
    starpu_mpi_barrier(MPI_COMM_WORLD);
    double t0 = starpu_timing_now();
    for (int k = 0; k < nt; k++) {
        starpu_mpi_task_insert(MPI_COMM_WORLD, &potrf_cl, STARPU_RW, h[k * nt + k], 0);
        for (int i = k + 1; i < nt; i++)
            starpu_mpi_task_insert(MPI_COMM_WORLD, &trsm_cl, STARPU_R, h[k * nt + k],
                                   STARPU_RW, h[i * nt + k], 0);
        for (int i = k + 1; i < nt; i++) {
            for (int j = k + 1; j < i; j++)
                starpu_mpi_task_insert(MPI_COMM_WORLD, &gemm_cl, STARPU_R, h[i * nt + k],
                                       STARPU_R, h[j * nt + k], STARPU_RW, h[i * nt + j], 0);
            starpu_mpi_task_insert(MPI_COMM_WORLD, &syrk_cl, STARPU_R, h[i * nt + k],
                                   STARPU_RW, h[i * nt + i], 0);
        }
    }
    gather(h, nt * nt);
    starpu_mpi_wait_for_all(MPI_COMM_WORLD);
    double secs = (starpu_timing_now() - t0) * 1e-6;
    unregister_all(h, nt * nt);
    free(h);
    int spd = 0;
    MPI_Allreduce(&not_spd, &spd, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) {
        double err = bench_chol_error(a, nt, ts);
        *ok = !spd && err < 1e-12;
    }
    return secs;
}

static double run_matmul(int rank, int nt, int bs, int *ok)
{
    double **a = bench_mm_setup(nt, bs, 0), **b = bench_mm_setup(nt, bs, 1),
           **c = bench_mm_setup(nt, bs, -1);
    int n = nt * nt;
    starpu_data_handle_t *h = calloc((size_t)3 * n, sizeof *h);
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++) {
            h[i * nt + j] = reg(a, nt, i, j, bs);
            h[n + i * nt + j] = reg(b, nt, i, j, bs);
            h[2 * n + i * nt + j] = reg(c, nt, i, j, bs);
        }
    starpu_mpi_barrier(MPI_COMM_WORLD);
    double t0 = starpu_timing_now();
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < nt; j++)
            for (int k = 0; k < nt; k++)
                starpu_mpi_task_insert(MPI_COMM_WORLD, &matmul_cl, STARPU_R, h[i * nt + k],
                                       STARPU_R, h[n + k * nt + j], STARPU_RW,
                                       h[2 * n + i * nt + j], 0);
    gather(h + 2 * n, n);
    starpu_mpi_wait_for_all(MPI_COMM_WORLD);
    double secs = (starpu_timing_now() - t0) * 1e-6;
    unregister_all(h, 3 * n);
    free(h);
    if (rank == 0)
        *ok = bench_mm_wrong_rows(c, nt, bs) == 0;
    bench_mm_free(a, nt);
    bench_mm_free(b, nt);
    bench_mm_free(c, nt);
    return secs;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "cholesky") != 0 && strcmp(argv[1], "matmul") != 0)) {
        fprintf(stderr, "usage: %s cholesky|matmul [N [TILE]]\n", argv[0]);
        return 2;
    }
    bool chol = strcmp(argv[1], "cholesky") == 0;
    int n, ts;
    if (bench_args(argc - 1, argv + 1, chol ? 2048 : 1024, 128, &n, &ts) != 0)
        return 2;
    setenv("STARPU_NOPENCL", "0", 0);
    setenv("STARPU_NCUDA", "0", 0);
    setenv("STARPU_SILENT", "1", 0);
    if (starpu_mpi_init_conf(&argc, &argv, 1, MPI_COMM_WORLD, NULL) != 0) {
        fprintf(stderr, "starpu_mpi: initialisation failed\n");
        return 77;
    }
    int rank, size;
    starpu_mpi_comm_rank(MPI_COMM_WORLD, &rank);
    starpu_mpi_comm_size(MPI_COMM_WORLD, &size);
    for (P = 1; (P + 1) * (P + 1) <= size; P++)
        ;
    while (size % P)
        P--;
    Q = size / P;
    int ok = 1;
    double secs = chol ? run_cholesky(rank, n / ts, ts, &ok) : run_matmul(rank, n / ts, ts, &ok);
    starpu_mpi_shutdown();
    if (rank == 0) {
        printf("%s (StarPU-MPI, %d ranks, %d x %d grid): n %d, tile %d\n", argv[1], size, P, Q,
               n, ts);
        printf("time: %.6f s\n", secs);
        printf("result: %s\n", ok ? "OK" : "WRONG");
    }
    return rank == 0 && !ok;
}
