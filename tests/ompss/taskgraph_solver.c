/* taskgraph in a solver's convergence loop: Jacobi sweeps over tiles of a 2-D grid are
 * recorded once and replayed until the change falls below a tolerance; when the tiling
 * changes (a finer tile size for a tighter tolerance), graph_reset(changed) records the new
 * shape. Iteration counts and values equal the plain C solver's, computed beside it. */
#include "ompss_check.h"

#include <math.h>

#define N 48

static double u[2][N][N], f[N][N], ref[2][N][N];
static double change[N / 4][N / 4];
static int records;

static void sweep_tile(double (*dst)[N], double (*src)[N], int r0, int c0, int ts)
{
    for (int i = r0; i < r0 + ts; i++)
        for (int j = c0; j < c0 + ts; j++) {
            double s = f[i][j];
            if (i > 0) s += src[i - 1][j];
            if (i < N - 1) s += src[i + 1][j];
            if (j > 0) s += src[i][j - 1];
            if (j < N - 1) s += src[i][j + 1];
            dst[i][j] = s / 4;
        }
}

static double tile_change(double (*a)[N], double (*b)[N], int r0, int c0, int ts)
{
    double m = 0;
    for (int i = r0; i < r0 + ts; i++)
        for (int j = c0; j < c0 + ts; j++)
            m = fmax(m, fabs(a[i][j] - b[i][j]));
    return m;
}

/* Two sweeps per taskgraph (u0 -> u1 -> u0) and the change of each tile. */
static int solve(int ts, int prev_ts, double tol)
{
    int it = 0, nt = N / ts;
    double worst = tol + 1;
    while (worst > tol && it < 10000) {
        int changed = ts != prev_ts;
#pragma omp taskgraph graph_reset(changed)
        {
            records++;
            for (int s = 0; s < 2; s++)
                for (int r = 0; r < nt; r++)
                    for (int c = 0; c < nt; c++) {
                        int r0 = r * ts, c0 = c * ts;
                        int rl = r0 > 0 ? r0 - 1 : 0, rh = r0 + ts < N ? r0 + ts : N - 1;
#pragma omp task in(u[s][rl:rh][0;N]) out(u[1 - s][r0;ts][c0;ts]) firstprivate(s, r0, c0, ts)
                        sweep_tile(u[1 - s], u[s], r0, c0, ts);
                    }
            for (int r = 0; r < nt; r++)
                for (int c = 0; c < nt; c++) {
                    int r0 = r * ts, c0 = c * ts;
#pragma omp task in(u[0][r0;ts][c0;ts], u[1][r0;ts][c0;ts]) out(change[r][c]) firstprivate(r, c, r0, c0, ts)
                    change[r][c] = tile_change(u[0], u[1], r0, c0, ts);
                }
        }
        worst = 0;
        for (int r = 0; r < nt; r++)
            for (int c = 0; c < nt; c++)
                worst = fmax(worst, change[r][c]);
        prev_ts = ts;
        it++;
    }
    return it;
}

static int solve_ref(double tol)
{
    int it = 0;
    double worst = tol + 1;
    while (worst > tol && it < 10000) {
        sweep_tile(ref[1], ref[0], 0, 0, N);
        sweep_tile(ref[0], ref[1], 0, 0, N);
        worst = tile_change(ref[0], ref[1], 0, 0, N);
        it++;
    }
    return it;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            f[i][j] = ((i * 3 + j) % 5) * 0.25;
    int want = solve_ref(1e-3), got = solve(12, 0, 1e-3);
    CHECK(got == want, "tiles of 12: %d iterations, expected %d", got, want);
    CHECK(records == IF_OMPSS(1, got), "recorded %d times", records);
    int want2 = solve_ref(1e-6), got2 = solve(6, 12, 1e-6);
    CHECK(got2 == want2, "tiles of 6: %d iterations, expected %d", got2, want2);
    CHECK(records == IF_OMPSS(2, got + got2), "recorded %d times", records);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                CHECK(u[s][i][j] == ref[s][i][j], "u[%d][%d][%d] = %.17g, expected %.17g", s, i,
                      j, u[s][i][j], ref[s][i][j]);
    return result_ok();
}
