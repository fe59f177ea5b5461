/* ported: openmp
   ported-werror
   red/black Gauss-Seidel over row blocks, one graph per colour chosen by graph_id(color),
   recorded only for the larger grids (`if(taskgraph: nb > 2)`, the modifier naming the
   construct, OpenMP 6.0), graph_reset when the size changes, the residual computed outside
   the graphs after a taskwait; the sweep in a function called from two places (the
   solver and a final smoothing pass); mcc said "'if' clause modifier 'taskgraph' does not
   name this construct ('taskgraph')" */
#include <math.h>
#include <stdio.h>

#define NMAX 128
#define BS 16

static double u[NMAX + 2][NMAX + 2], f[NMAX + 2][NMAX + 2];

static void sweep_block(int n, int color, int b)
{
    for (int i = b * BS + 1; i <= (b + 1) * BS && i <= n; i++)
        for (int j = 1 + ((i + color) & 1); j <= n; j += 2)
            u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - f[i][j]);
}

static void sweep(int n, int color, int reset)
{
    int nb = (n + BS - 1) / BS;
    #pragma omp taskgraph graph_id(color) graph_reset(reset) if(taskgraph: nb > 2)
    {
        for (int b = 0; b < nb; b++) {
            #pragma omp task depend(in: u[b * BS], u[(b + 2) * BS]) depend(inout: u[(b + 1) * BS])
            sweep_block(n, color, b);
        }
    }
    #pragma omp taskwait
}

static double resid(int n)
{
    double r = 0;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++) {
            double d = 4 * u[i][j] - u[i - 1][j] - u[i + 1][j] - u[i][j - 1] - u[i][j + 1] + f[i][j];
            r += d * d;
        }
    return sqrt(r);
}

int main(void)
{
    int sizes[4] = {32, 64, 64, 96};
    int prev = 0;
    for (int k = 0; k < 4; k++) {
        int n = sizes[k];
        for (int i = 0; i < NMAX + 2; i++)
            for (int j = 0; j < NMAX + 2; j++) {
                u[i][j] = 0;
                f[i][j] = ((i * 3 + j) % 7) * 0.01;
            }
        int it = 0;
        double r = 1;
        while (r > 1e-2 && it < 150) {
            for (int color = 0; color < 2; color++)
                sweep(n, color, n != prev);
            prev = n;
            it++;
            r = resid(n);
        }
        for (int color = 0; color < 2; color++)
            sweep(n, color, 0);
        printf("n=%d it=%d r=%.6e u=%.9f\n", n, it, resid(n), u[n / 2][n / 2]);
    }
    return 0;
}
