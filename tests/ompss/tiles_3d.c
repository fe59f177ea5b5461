/* 3-D tiles a[i;t][j;t][k;t] of a global array and of a shaped pointer
 * ([n][n][n]p)[..][..][..]: two phases with tile grids shifted by half a tile, so
 * every tile of phase 2 overlaps eight tiles of phase 1 in all three dimensions. */
#include "ompss_check.h"

#define N 8
#define T 4

static unsigned g[N][N][N];

static void tile_update(unsigned *base, int n, int i0, int j0, int k0, int t, unsigned id)
{
    for (int i = i0; i < i0 + t && i < n; i++)
        for (int j = j0; j < j0 + t && j < n; j++)
            for (int k = k0; k < k0 + t && k < n; k++) {
                unsigned *x = &base[(i * n + j) * n + k];
                *x = step(*x, id + (unsigned)(i + j + k));
            }
}

int main(void)
{
    int n = N;
    unsigned *p = calloc((size_t)n * n * n, sizeof *p);
    for (int phase = 0; phase < 2; phase++) {
        int off = phase * T / 2, len = T - off;
        for (int i = 0; i < N; i += T)
            for (int j = 0; j < N; j += T)
                for (int k = 0; k < N; k += T) {
                    int i0 = i + off, j0 = j + off, k0 = k + off;
                    int h = i0 + T > N ? len : T, w = j0 + T > N ? len : T, d = k0 + T > N ? len : T;
                    unsigned id = (unsigned)(phase * 100 + i + j + k);
#pragma omp task inout(g[i0;h][j0;w][k0;d])
                    {
                        delay(20);
                        tile_update(&g[0][0][0], N, i0, j0, k0, T, id);
                    }
#pragma omp task inout(([n][n][n]p)[i0;h][j0;w][k0;d])
                    {
                        delay(20);
                        tile_update(p, n, i0, j0, k0, T, id);
                    }
                }
    }
#pragma omp taskwait

    unsigned *ref = calloc((size_t)n * n * n, sizeof *ref);
    for (int phase = 0; phase < 2; phase++) {
        int off = phase * T / 2;
        for (int i = 0; i < N; i += T)
            for (int j = 0; j < N; j += T)
                for (int k = 0; k < N; k += T)
                    tile_update(ref, N, i + off, j + off, k + off, T,
                                (unsigned)(phase * 100 + i + j + k));
    }
    for (int i = 0; i < N * N * N; i++) {
        CHECK((&g[0][0][0])[i] == ref[i], "g element %d = %u, expected %u", i, (&g[0][0][0])[i], ref[i]);
        CHECK(p[i] == ref[i], "p element %d = %u, expected %u", i, p[i], ref[i]);
    }
    free(p);
    free(ref);
    return result_ok();
}
