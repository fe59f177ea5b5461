/* kernels.h - the external kernels of kernels.c, for the OpenMP peers. */
#ifndef BENCH_OMPSS_KERNELS_H
#define BENCH_OMPSS_KERNELS_H

/* N and TILE from the command line (defaults given); -1 with a usage message if bad. */
int bench_args(int argc, char **argv, int def_n, int def_tile, int *n, int *tile);

int bench_potrf(double *a, int ts);
void bench_trsm(const double *a, double *b, int ts);
void bench_syrk(const double *a, double *c, int ts);
void bench_gemm(const double *a, const double *b, double *c, int ts);
void bench_matmul(const double *a, const double *b, double *c, int bs);

/* cholesky: an SPD matrix of nt x nt tiles; the check frees it */
double **bench_chol_setup(int nt, int ts);
double bench_chol_error(double **t, int nt, int ts);

/* matmul: which 0/1 = A/B, -1 = zeros */
double **bench_mm_setup(int nt, int bs, int which);
int bench_mm_wrong_rows(double **c, int nt, int bs);
void bench_mm_free(double **t, int nt);

#endif
