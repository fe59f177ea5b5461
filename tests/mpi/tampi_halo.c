/*
 * tampi_halo.c - a halo-exchange stencil on TAMPI: a 1-D Jacobi heat diffusion over a
 * grid of ROWS x COLS split into row slabs, one slab per rank, each slab in blocks of rows.
 * Per step, tasks send the slab's first and last rows to the neighbours and receive their
 * halos (TAMPI_Iwait: bound to the task; -DBLOCKING_MODE: plain MPI_Send/MPI_Recv inside
 * the tasks, made task-aware by MPI_Init_thread(MPI_TASK_MULTIPLE)), and one task per block
 * computes the next values from dependences on the halos and the blocks around.  Oracle:
 * rank 0 runs the same arithmetic over the whole grid sequentially, without MPI or tasks,
 * and the gathered result must be bit-for-bit equal.
 */
#include <TAMPI.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define COLS 512
#define BLOCK 16            /* rows per task */
#define STEPS 8

/* One Jacobi step of rows [r0, r1) from `u` (with a halo row above r0 and below r1) into
 * `v`: the same arithmetic in the tasks and in the oracle. */
static void step_rows(const double *u, double *v, long r0, long r1)
{
    for (long i = r0; i < r1; i++)
        for (long j = 0; j < COLS; j++) {
            double left = j > 0 ? u[i * COLS + j - 1] : 0.0;
            double right = j < COLS - 1 ? u[i * COLS + j + 1] : 0.0;
            v[i * COLS + j] = 0.2 * (u[(i - 1) * COLS + j] + u[(i + 1) * COLS + j] + left +
                                     right + u[i * COLS + j]);
        }
}

static double initial(long global_row, long j)
{
    return (double)((global_row * 7 + j * 13) % 101) / 101.0;
}

#ifdef BLOCKING_MODE
#define SEND(buf, to, tag) MPI_Send(buf, COLS, MPI_DOUBLE, to, tag, MPI_COMM_WORLD)
#define RECV(buf, from, tag) MPI_Recv(buf, COLS, MPI_DOUBLE, from, tag, MPI_COMM_WORLD, \
                                      MPI_STATUS_IGNORE)
#define LEVEL MPI_TASK_MULTIPLE
#else
#define SEND(buf, to, tag) TAMPI_Isend(buf, COLS, MPI_DOUBLE, to, tag, MPI_COMM_WORLD)
#define RECV(buf, from, tag) TAMPI_Irecv(buf, COLS, MPI_DOUBLE, from, tag, MPI_COMM_WORLD, \
                                         MPI_STATUS_IGNORE)
#define LEVEL MPI_THREAD_MULTIPLE
#endif

int main(int argc, char **argv)
{
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, LEVEL, &provided);
    if (provided != LEVEL) {
        printf("tampi_halo: thread level %d not provided (%d)\n", LEVEL, provided);
        return 77;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long rows = 4 * BLOCK;                      /* rows per rank */
    long total = rows * size;
    /* local slab with one halo row above and below: rows 0 and rows+1 are halos */
    double *u = calloc((size_t)(rows + 2) * COLS, sizeof *u);
    double *v = calloc((size_t)(rows + 2) * COLS, sizeof *v);
    for (long i = 1; i <= rows; i++)
        for (long j = 0; j < COLS; j++)
            u[i * COLS + j] = initial(rank * rows + i - 1, j);
    int up = rank - 1, down = rank + 1;
    for (int s = 0; s < STEPS; s++) {
        double *top_halo = &u[0], *bottom_halo = &u[(rows + 1) * COLS];
        double *first = &u[1 * COLS], *last = &u[rows * COLS];
        if (up >= 0) {
#pragma omp task in([COLS]first) firstprivate(up, s)
            SEND(first, up, 2 * s);
#pragma omp task out([COLS]top_halo) firstprivate(up, s)
            RECV(top_halo, up, 2 * s + 1);
        }
        if (down < size) {
#pragma omp task in([COLS]last) firstprivate(down, s)
            SEND(last, down, 2 * s + 1);
#pragma omp task out([COLS]bottom_halo) firstprivate(down, s)
            RECV(bottom_halo, down, 2 * s);
        }
        for (long b = 1; b <= rows; b += BLOCK) {
            double *above = &u[(b - 1) * COLS], *below = &u[(b + BLOCK) * COLS];
            double *blk = &u[b * COLS], *out = &v[b * COLS];
#pragma omp task in([COLS]above, [BLOCK * COLS]blk, [COLS]below) out([BLOCK * COLS]out) \
                 firstprivate(u, v, b)
            step_rows(u, v, b, b + BLOCK);
        }
        /* no taskwait: the steps overlap as far as the dependences let them (a slab's
         * halo rows are written only by its receives, read only by its edge blocks) */
        double *t = u;
        u = v;
        v = t;
    }
#pragma omp taskwait
    double *all = rank == 0 ? malloc((size_t)total * COLS * sizeof *all) : NULL;
    MPI_Gather(&u[COLS], (int)(rows * COLS), MPI_DOUBLE, all, (int)(rows * COLS), MPI_DOUBLE,
               0, MPI_COMM_WORLD);
    int wrong = 0;
    if (rank == 0) {
        /* the oracle: the whole grid, sequentially, zero halos outside it */
        double *a = calloc((size_t)(total + 2) * COLS, sizeof *a);
        double *c = calloc((size_t)(total + 2) * COLS, sizeof *c);
        for (long i = 1; i <= total; i++)
            for (long j = 0; j < COLS; j++)
                a[i * COLS + j] = initial(i - 1, j);
        for (int s = 0; s < STEPS; s++) {
            step_rows(a, c, 1, total + 1);
            double *t = a;
            a = c;
            c = t;
        }
        wrong = memcmp(all, &a[COLS], (size_t)total * COLS * sizeof *a) != 0;
        printf("tampi_halo: %d ranks, %ld x %d grid, %d steps: %s\n", size, total, COLS, STEPS,
               wrong ? "WRONG" : "OK");
        free(a);
        free(c);
        free(all);
    }
    MPI_Bcast(&wrong, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    free(u);
    free(v);
    return wrong;
}
