/* Rodinia's OpenCL kernels (rodinia.cl, built with -DBLOCK_SIZE=16: run.sh gives
 * --opencl-build-opts) launched as their hosts launch them, against sequential C: hotspot's
 * pyramid of steps, pathfinder's rows, nw's waves of blocks, lud's blocked factorisation,
 * bfs's levels, a kmeans assignment. */
#include "ocl_cpu_check.h"

#define BLOCK_SIZE 16
/* hotspot: a ROWS x COLS grid, PYRAMID steps a launch */
#define ROWS 70
#define COLS 50
#define PYRAMID 2
#define STEPS 5
#define SMALL (BLOCK_SIZE - PYRAMID * 2)
#define BCOLS ((COLS + SMALL - 1) / SMALL)
#define BROWS ((ROWS + SMALL - 1) / SMALL)
/* pathfinder: PROWS rows of PCOLS, groups of PB, PYR rows a launch */
#define PCOLS 100
#define PROWS 20
#define PB 32
#define PYR 3
#define SMALLP (PB - PYR * 2)
#define PBLOCKS ((PCOLS + SMALLP - 1) / SMALLP)
/* nw: N x N cells beyond the first row and column */
#define N 64
#define NCOLS (N + 1)
#define BW (N / BLOCK_SIZE)
#define PEN 10
/* lud: DIM x DIM */
#define DIM 64
#define TILE (BLOCK_SIZE * BLOCK_SIZE * sizeof(float))
/* bfs: NN nodes of DEG edges; kmeans: NP points of NF features, NC clusters */
#define NN 1000
#define DEG 3
#define NP 512
#define NF 4
#define NC 5

typedef struct {
    int starting, no_of_edges;
} Node;

#pragma omp target device(opencl) ndrange(2, BCOLS * BLOCK_SIZE, BROWS * BLOCK_SIZE, BLOCK_SIZE, \
                                          BLOCK_SIZE) file(rodinia.cl) copy_deps
#pragma omp task in([ROWS * COLS]power, [ROWS * COLS]src) out([ROWS * COLS]dst)
__kernel void hotspot(int iteration, __global float *power, __global float *src,
                      __global float *dst, int grid_cols, int grid_rows, int border_cols,
                      int border_rows, float Cap, float Rx, float Ry, float Rz, float step);

#pragma omp target device(opencl) ndrange(1, PBLOCKS * PB, PB) shmem(PB * sizeof(int)) \
    file(rodinia.cl) copy_deps
#pragma omp task in([PROWS * PCOLS]wall, [PCOLS]src) out([PCOLS]dst)
__kernel void dynproc_kernel(int iteration, __global int *wall, __global int *src,
                             __global int *dst, int cols, int rows, int startStep,
                             int border, int halo, __local int *prev, __local int *result);

#pragma omp target device(opencl) ndrange(1, blk * BLOCK_SIZE, BLOCK_SIZE) file(rodinia.cl) \
    copy_deps
#pragma omp task in([NCOLS * NCOLS]reference) inout([NCOLS * NCOLS]matrix)
__kernel void nw_kernel1(__global int *reference, __global int *matrix, int cols, int penalty,
                         int blk);

#pragma omp target device(opencl) ndrange(1, blk * BLOCK_SIZE, BLOCK_SIZE) file(rodinia.cl) \
    copy_deps
#pragma omp task in([NCOLS * NCOLS]reference) inout([NCOLS * NCOLS]matrix)
__kernel void nw_kernel2(__global int *reference, __global int *matrix, int cols, int penalty,
                         int blk, int block_width);

#pragma omp target device(opencl) ndrange(1, BLOCK_SIZE, BLOCK_SIZE) shmem(TILE) \
    file(rodinia.cl) copy_deps
#pragma omp task inout([DIM * DIM]m)
__kernel void lud_diagonal(__global float *m, __local float *shadow, int dim, int offset);

#pragma omp target device(opencl) ndrange(1, ((DIM - offset) / BLOCK_SIZE - 1) * BLOCK_SIZE * 2, \
                                          BLOCK_SIZE * 2) shmem(TILE) file(rodinia.cl) copy_deps
#pragma omp task inout([DIM * DIM]m)
__kernel void lud_perimeter(__global float *m, __local float *dia, __local float *row,
                            __local float *col, int dim, int offset);

#pragma omp target device(opencl) ndrange(2, DIM - offset - BLOCK_SIZE, DIM - offset - BLOCK_SIZE, \
                                          BLOCK_SIZE, BLOCK_SIZE) shmem(TILE) file(rodinia.cl) \
    copy_deps
#pragma omp task inout([DIM * DIM]m)
__kernel void lud_internal(__global float *m, __local float *row, __local float *col, int dim,
                           int offset);

#pragma omp target device(opencl) ndrange(1, NN, 64) file(rodinia.cl) copy_deps
#pragma omp task in([NN]nodes, [NN * DEG]edges, [NN]visited) inout([NN]mask, [NN]upd, [NN]cost)
__kernel void BFS_1(const __global Node *nodes, const __global int *edges, __global char *mask,
                    __global char *upd, __global char *visited, __global int *cost, const int n);

#pragma omp target device(opencl) ndrange(1, NN, 64) file(rodinia.cl) copy_deps
#pragma omp task inout([NN]mask, [NN]upd, [NN]visited, [1]over)
__kernel void BFS_2(__global char *mask, __global char *upd, __global char *visited,
                    __global char *over, const int n);

#pragma omp target device(opencl) ndrange(1, NP, 64) file(rodinia.cl) copy_deps
#pragma omp task in([NP * NF]f) out([NP * NF]fs)
__kernel void kmeans_swap(__global float *f, __global float *fs, int npoints, int nfeatures);

#pragma omp target device(opencl) ndrange(1, NP, 64) file(rodinia.cl) copy_deps
#pragma omp task in([NP * NF]fs, [NC * NF]cl) out([NP]mem)
__kernel void kmeans_kernel_c(__global float *fs, __global float *cl, __global int *mem,
                              int npoints, int nclusters, int nfeatures, int offset, int size);

static float power[ROWS * COLS], temp[2][ROWS * COLS], href[2][ROWS * COLS];
static int wall[PROWS * PCOLS], prow[2][PCOLS], pref[2][PCOLS];
static int reference[NCOLS * NCOLS], matrix[NCOLS * NCOLS], nref[NCOLS * NCOLS];
static float a[DIM * DIM], lu[DIM * DIM];
static Node nodes[NN];
static int edges[NN * DEG], cost[NN], bref[NN], mem[NP];
static char mask[NN], upd[NN], visited[NN], over;
static float feat[NP * NF], fs[NP * NF], clus[NC * NF];

static int max3(int a, int b, int c)
{
    int k = a > b ? a : b;
    return k > c ? k : c;
}

/* STEPS steps of hotspot's update, the neighbours clamped at the borders; the result's
 * index */
static int hotspot_ref(float Cap, float Rx, float Ry, float Rz, float step)
{
    int r0 = 0;
    for (int s = 0; s < STEPS; s++) {
        const float *t = href[r0];
        float *u = href[1 - r0];
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < COLS; c++) {
                int no = r > 0 ? r - 1 : 0, so = r < ROWS - 1 ? r + 1 : r;
                int we = c > 0 ? c - 1 : 0, ea = c < COLS - 1 ? c + 1 : c;
                float x = t[r * COLS + c];
                u[r * COLS + c] = x + step / Cap * (power[r * COLS + c] +
                    (t[so * COLS + c] + t[no * COLS + c] - 2.0f * x) * (1 / Ry) +
                    (t[r * COLS + ea] + t[r * COLS + we] - 2.0f * x) * (1 / Rx) +
                    (80.0f - x) * (1 / Rz));
            }
        r0 = 1 - r0;
    }
    return r0;
}

/* bfs from node 0, level by level as the kernels go, until a level marks nothing */
static void bfs(void)
{
    for (int i = 0; i < NN; i++) {
        nodes[i] = (Node){i * DEG, DEG};
        for (int k = 0; k < DEG; k++)
            edges[i * DEG + k] = (int)(((unsigned)i * 2654435761u + (unsigned)k * 40503u) % NN);
        cost[i] = bref[i] = -1;
    }
    mask[0] = visited[0] = 1;
    cost[0] = bref[0] = 0;
    do {
        over = 0;
        BFS_1(nodes, edges, mask, upd, visited, cost, NN);
        BFS_2(mask, upd, visited, &over, NN);
#pragma omp taskwait
    } while (over);
}

static void check_bfs_kmeans(void)
{
    static int queue[NN];
    int qh = 0, qt = 0;
    queue[qt++] = 0;
    while (qh < qt) {
        int u = queue[qh++];
        for (int k = 0; k < DEG; k++) {
            int v = edges[u * DEG + k];
            if (bref[v] < 0) {
                bref[v] = bref[u] + 1;
                queue[qt++] = v;
            }
        }
    }
    for (int i = 0; i < NN; i++)
        CHECK(cost[i] == bref[i], "bfs: cost[%d] = %d, expected %d", i, cost[i], bref[i]);
    for (int p = 0; p < NP; p++) {
        float best = 3.4e38f;
        int bi = 0;
        for (int c = 0; c < NC; c++) {
            float d = 0;
            for (int l = 0; l < NF; l++)
                d += (feat[p * NF + l] - clus[c * NF + l]) * (feat[p * NF + l] - clus[c * NF + l]);
            if (d < best) {
                best = d;
                bi = c;
            }
        }
        CHECK(mem[p] == bi, "kmeans: point %d in cluster %d, expected %d", p, mem[p], bi);
    }
}

int main(void)
{
    const float Cap = 0.5f, Rx = 1.0f, Ry = 2.0f, Rz = 4.0f, step = 0.05f;
    for (int i = 0; i < ROWS * COLS; i++) {
        power[i] = (float)((i * 37) % 11) * 0.25f;
        temp[0][i] = temp[1][i] = href[0][i] = 80.0f + (float)((i * 53) % 17);
    }
    int hs = 0;
    for (int s = 0; s < STEPS; s += PYRAMID) {
        int it = STEPS - s < PYRAMID ? STEPS - s : PYRAMID;
        hotspot(it, power, temp[hs], temp[1 - hs], COLS, ROWS, PYRAMID, PYRAMID, Cap, Rx, Ry, Rz,
                step);
        hs = 1 - hs;
    }

    for (int i = 0; i < PROWS * PCOLS; i++)
        wall[i] = (i * 104729) % 10;
    for (int c = 0; c < PCOLS; c++)
        prow[0][c] = pref[0][c] = wall[c];
    int ps = 0;
    for (int t = 0; t < PROWS - 1; t += PYR) {
        int it = PROWS - 1 - t < PYR ? PROWS - 1 - t : PYR;
        dynproc_kernel(it, wall + PCOLS, prow[ps], prow[1 - ps], PCOLS, PROWS, t, PYR, 1, 0, 0);
        ps = 1 - ps;
    }

    for (int i = 0; i < NCOLS * NCOLS; i++)
        reference[i] = (i * 7919) % 21 - 10;
    for (int i = 0; i < NCOLS; i++)
        matrix[i * NCOLS] = nref[i * NCOLS] = matrix[i] = nref[i] = -i * PEN;
    for (int blk = 1; blk <= BW; blk++)
        nw_kernel1(reference, matrix, NCOLS, PEN, blk);
    for (int blk = BW - 1; blk >= 1; blk--)
        nw_kernel2(reference, matrix, NCOLS, PEN, blk, BW);

    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++)
            a[i * DIM + j] = lu[i * DIM + j] =
                i == j ? 100.0f + (float)i : (float)((i * 7 + j * 13) % 10) - 4.5f;
    int off;
    for (off = 0; off < DIM - BLOCK_SIZE; off += BLOCK_SIZE) {
        lud_diagonal(lu, 0, DIM, off);
        lud_perimeter(lu, 0, 0, 0, DIM, off);
        lud_internal(lu, 0, 0, DIM, off);
    }
    lud_diagonal(lu, 0, DIM, off);

    for (int i = 0; i < NP * NF; i++)
        feat[i] = (float)((i * 37) % 101) / 10.0f;
    for (int i = 0; i < NC * NF; i++)
        clus[i] = (float)((i * 53) % 101) / 10.0f;
    kmeans_swap(feat, fs, NP, NF);
    kmeans_kernel_c(fs, clus, mem, NP, NC, NF, 0, 0);
    bfs();
#pragma omp taskwait
    check_bfs_kmeans();

    int hr = hotspot_ref(Cap, Rx, Ry, Rz, step);
    for (int i = 0; i < ROWS * COLS; i++)
        CHECK(close_to(temp[hs][i], href[hr][i], 1e-5), "hotspot: cell %d = %g, expected %g", i,
              temp[hs][i], href[hr][i]);
    int pw = 0;
    for (int r = 1; r < PROWS; r++) {
        for (int c = 0; c < PCOLS; c++) {
            int m = pref[pw][c];
            if (c > 0 && pref[pw][c - 1] < m)
                m = pref[pw][c - 1];
            if (c < PCOLS - 1 && pref[pw][c + 1] < m)
                m = pref[pw][c + 1];
            pref[1 - pw][c] = m + wall[r * PCOLS + c];
        }
        pw = 1 - pw;
    }
    for (int c = 0; c < PCOLS; c++)
        CHECK(prow[ps][c] == pref[pw][c], "pathfinder: column %d = %d, expected %d", c,
              prow[ps][c], pref[pw][c]);
    for (int i = 1; i < NCOLS; i++)
        for (int j = 1; j < NCOLS; j++)
            nref[i * NCOLS + j] = max3(nref[(i - 1) * NCOLS + j - 1] + reference[i * NCOLS + j],
                                       nref[i * NCOLS + j - 1] - PEN,
                                       nref[(i - 1) * NCOLS + j] - PEN);
    for (int i = 0; i < NCOLS * NCOLS; i++)
        CHECK(matrix[i] == nref[i], "nw: (%d, %d) = %d, expected %d", i / NCOLS, i % NCOLS,
              matrix[i], nref[i]);
    /* L (unit diagonal) times U is a */
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++) {
            double s = 0;
            for (int k = 0; k <= (i < j ? i : j); k++)
                s += (k == i ? 1.0 : (double)lu[i * DIM + k]) * (double)lu[k * DIM + j];
            CHECK(fabs(s - a[i * DIM + j]) < 1e-3, "lud: L * U at (%d, %d) = %g, expected %g", i,
                  j, s, a[i * DIM + j]);
        }
    digest("hotspot", temp[hs], sizeof temp[hs]);
    digest("pathfinder", prow[ps], sizeof prow[ps]);
    digest("nw", matrix, sizeof matrix);
    digest("lud", lu, sizeof lu);
    digest("bfs", cost, sizeof cost);
    digest("kmeans", mem, sizeof mem);
    printf("result: OK\n");
    return 0;
}
