/*
 * tile2d.c - 2-D tiles of a row-major matrix as task regions ({{M*4, c0*4, TS*4},
 * {N, r0, TS}}): only the tiles' rows move; a 2-D ndrange kernel with local size 8x8
 * updates each tile.  Two forms of the region: based at the matrix (the kernel indexes
 * from the matrix start with the tile's origin) and based at the tile's first element
 * (the kernel indexes from there), mixed on the same tiles (correctness only: the cache
 * then holds two allocations of a tile).
 * Checked against the host; on a second matrix with tile-based regions only, the bytes
 * moved are exactly the matrix, once in and once out.
 */
#include "oclt.h"

static const char *source =
    "__kernel void tile_from_matrix(__global float *m, int ld, int r0, int c0, int ts,\n"
    "                               float k) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    if (x < ts && y < ts) m[(r0 + y) * ld + c0 + x] = m[(r0 + y) * ld + c0 + x] * 2 + k;\n"
    "}\n"
    "__kernel void tile_from_tile(__global float *t, int ld, int ts, float k) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    if (x < ts && y < ts) t[y * ld + x] = t[y * ld + x] + k * (x - y);\n"
    "}\n";

enum { N = 96, M = 80, TS = 16 };  /* 6 x 5 tiles */

struct targs { float *m; int ld, r0, c0, ts; float k; };

static void from_matrix_ocl(void *p, nanort_ctx *ctx)
{
    struct targs *a = p;
    struct nanort_karg args[] = {
        {NANORT_KARG_BUFFER, sizeof(void *), a->m}, {NANORT_KARG_VALUE, sizeof(int), &a->ld},
        {NANORT_KARG_VALUE, sizeof(int), &a->r0}, {NANORT_KARG_VALUE, sizeof(int), &a->c0},
        {NANORT_KARG_VALUE, sizeof(int), &a->ts}, {NANORT_KARG_VALUE, sizeof(float), &a->k}};
    struct nanort_launch l = {NULL, 2, {(size_t)a->ts, (size_t)a->ts}, {8, 8}, 0, 6, args};
    nanort_kernel_launch(ctx, &l);
}

static void from_tile_ocl(void *p, nanort_ctx *ctx)
{
    struct targs *a = p;
    struct nanort_karg args[] = {
        {NANORT_KARG_BUFFER, sizeof(void *), a->m}, {NANORT_KARG_VALUE, sizeof(int), &a->ld},
        {NANORT_KARG_VALUE, sizeof(int), &a->ts}, {NANORT_KARG_VALUE, sizeof(float), &a->k}};
    struct nanort_launch l = {NULL, 2, {(size_t)a->ts, (size_t)a->ts}, {8, 8}, 0, 4, args};
    nanort_kernel_launch(ctx, &l);
}

static const struct nanort_opencl_info fm_info = {"tile_from_matrix", NULL};
static const struct nanort_opencl_info ft_info = {"tile_from_tile", NULL};
static struct nanort_impl fm_impls[] = {{NANORT_DEVICE_OPENCL, from_matrix_ocl, "fm_ocl", &fm_info}};
static struct nanort_impl ft_impls[] = {{NANORT_DEVICE_OPENCL, from_tile_ocl, "ft_ocl", &ft_info}};
static struct nanort_task_type fm_type = {"tile_from_matrix", __FILE__, 1, fm_impls, NULL};
static struct nanort_task_type ft_type = {"tile_from_tile", __FILE__, 1, ft_impls, NULL};

static float mat[N][M], want[N][M];

static void tile_task(struct nanort_task_type *type, float (*mat)[M], int r0, int c0, float k,
                      bool at_tile)
{
    void *p;
    nanort_task *t = nanort_task_create(type, sizeof(struct targs), 1, 2, &p);
    float *base = at_tile ? &mat[r0][c0] : &mat[0][0];
    *(struct targs *)p = (struct targs){base, M, r0, c0, TS, k};
    struct nanort_dim d[2] = {{M * sizeof(float), (at_tile ? 0 : c0) * sizeof(float),
                               TS * sizeof(float)},
                              {N, at_tile ? 0 : r0, TS}};
    nanort_task_region(t, NANORT_DEP_INOUT | NANORT_COPY_INOUT, base, 2, d);
    nanort_task_submit(t, 0, 0);
}

int main(void)
{
    nanort_opencl_source("tiles.cl", source, NULL);
    oclt_require(1);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            mat[i][j] = want[i][j] = (float)(i * M + j) * 0.25f;
    for (int pass = 0; pass < 2; pass++)
        for (int r = 0; r < N; r += TS)
            for (int c = 0; c < M; c += TS) {
                float k = (float)(pass * 100 + r + c);
                tile_task(&fm_type, mat, r, c, k, false);
                tile_task(&ft_type, mat, r, c, k, true);
                for (int y = 0; y < TS; y++)
                    for (int x = 0; x < TS; x++) {
                        float v = want[r + y][c + x] * 2 + k;
                        want[r + y][c + x] = v + k * (float)(x - y);
                    }
            }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            OCLT_CHECK(mat[i][j] == want[i][j], "mat[%d][%d] = %g, expected %g", i, j,
                       mat[i][j], want[i][j]);
    /* A second matrix with tile-based regions only: each tile has one allocation, so
     * only the tiles' bytes move: in once (first pass), out once (at the taskwait). */
    struct nrt_space *s = oclt_space(0);
    unsigned long in0 = oclt_stat(&s->stats.bytes_in), out0 = oclt_stat(&s->stats.bytes_out);
    static float mat2[N][M], want2[N][M];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            mat2[i][j] = want2[i][j] = (float)(i - j);
    for (int pass = 0; pass < 3; pass++)
        for (int r = 0; r < N; r += TS)
            for (int c = 0; c < M; c += TS) {
                float k = (float)(pass + 1);
                tile_task(&ft_type, mat2, r, c, k, true);
                for (int y = 0; y < TS; y++)
                    for (int x = 0; x < TS; x++)
                        want2[r + y][c + x] += k * (float)(x - y);
            }
    nanort_taskwait();
    oclt_print_stats();
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            OCLT_CHECK(mat2[i][j] == want2[i][j], "mat2[%d][%d] = %g, expected %g", i, j,
                       mat2[i][j], want2[i][j]);
    unsigned long in = oclt_stat(&s->stats.bytes_in) - in0;
    unsigned long out = oclt_stat(&s->stats.bytes_out) - out0;
    OCLT_CHECK(in == sizeof mat2 && out == sizeof mat2, "%lu bytes in and %lu out, expected "
               "%zu each", in, out, sizeof mat2);
    printf("tile2d: %dx%d matrix in %dx%d tiles right\n", N, M, TS, TS);
    return 0;
}
