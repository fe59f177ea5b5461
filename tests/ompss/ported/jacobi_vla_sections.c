/* ported: openmp
   ported-werror
   jacobi in the shape of KASTORS jacobi-task-dep: VLA-pointer grids (`double (*u)[ny]`),
   one task per block with depend on 2-D array sections of the block and its neighbours'
   edges, sweeps alternating between two grids, a taskwait at the end */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static void rhs(int nx, int ny, double (*f)[ny], double (*u)[ny])
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            double x = (double)i / (nx - 1), y = (double)j / (ny - 1);
            if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
                u[i][j] = sin(x * y);
                f[i][j] = u[i][j];
            } else {
                u[i][j] = 0.0;
                f[i][j] = -(x * x + y * y) * sin(x * y);
            }
        }
}

static void sweep_block(int nx, int ny, double dx, double dy, double (*f)[ny],
                        double (*restrict u)[ny], double (*restrict unew)[ny],
                        int bi, int bj, int bs)
{
    for (int i = bi * bs; i < (bi + 1) * bs && i < nx; i++)
        for (int j = bj * bs; j < (bj + 1) * bs && j < ny; j++) {
            if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1)
                unew[i][j] = f[i][j];
            else
                unew[i][j] = 0.25 * (u[i - 1][j] + u[i][j + 1] + u[i][j - 1] + u[i + 1][j] +
                                     f[i][j] * dx * dy);
        }
}

static void sweep(int nx, int ny, double dx, double dy, double (*f)[ny], int itmax,
                  double (*u)[ny], double (*unew)[ny], int bs)
{
    int nb = nx / bs;
    for (int it = 0; it < itmax; it++) {
        double (*src)[ny] = it % 2 ? unew : u;
        double (*dst)[ny] = it % 2 ? u : unew;
        for (int bi = 0; bi < nb; bi++)
            for (int bj = 0; bj < nb; bj++) {
                #pragma omp task depend(out: dst[bi * bs:bs][bj * bs:bs]) \
                    depend(in: src[bi * bs:bs][bj * bs:bs], src[(bi > 0 ? bi - 1 : bi) * bs:bs][bj * bs:bs], \
                               src[(bi < nb - 1 ? bi + 1 : bi) * bs:bs][bj * bs:bs], src[bi * bs:bs][(bj > 0 ? bj - 1 : bj) * bs:bs], \
                               src[bi * bs:bs][(bj < nb - 1 ? bj + 1 : bj) * bs:bs]) \
                    depend(in: f[bi * bs:bs][bj * bs:bs])
                sweep_block(nx, ny, dx, dy, f, src, dst, bi, bj, bs);
            }
    }
    #pragma omp taskwait
}

int main(void)
{
    int nx = 64, ny = 64, bs = 16, itmax = 50;
    double (*f)[ny] = malloc(sizeof(double) * nx * ny);
    double (*u)[ny] = malloc(sizeof(double) * nx * ny);
    double (*unew)[ny] = malloc(sizeof(double) * nx * ny);
    double dx = 1.0 / (nx - 1), dy = 1.0 / (ny - 1);
    rhs(nx, ny, f, u);
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            unew[i][j] = u[i][j];
    #pragma omp parallel
    #pragma omp single
    sweep(nx, ny, dx, dy, f, itmax, u, unew, bs);
    double err = 0, sum = 0;
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            double x = (double)i / (nx - 1), y = (double)j / (ny - 1);
            double e = fabs(u[i][j] - sin(x * y));
            if (e > err)
                err = e;
            sum += u[i][j];
        }
    printf("sum %.12f maxerr %.12f\n", sum, err);
    free(f); free(u); free(unew);
    return 0;
}
