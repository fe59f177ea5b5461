/* ported: openmp
 * ported-werror
 * Strassen as a task graph with no taskwait between its phases: each of the ten sums and
 * seven products is a task that allocates its own temporary (`S1 = malloc(...)` in the
 * task) and the sibling tasks that read it depend on the pointer variable itself
 * (`depend(out: S1)` on the writer, `depend(in: S1, S2)` on the product), every pointer
 * `shared`; the combining task depends on all seven products; recursion to a cut-off. */
#include <stdio.h>
#include <stdlib.h>
#define N 64
#define CUT 8
static void addm(int n, const double *a, int la, const double *b, int lb, double *c, double s)
{ for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) c[i*n+j] = a[i*la+j] + s * b[i*lb+j]; }
static void mul(int n, const double *a, int la, const double *b, int lb, double *c, int lc)
{ for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { double s = 0; for (int k = 0; k < n; k++) s += a[i*la+k] * b[k*lb+j]; c[i*lc+j] = s; } }
static void str(int n, const double *A, int la, const double *B, int lb, double *C, int lc)
{
    if (n <= CUT) { mul(n, A, la, B, lb, C, lc); return; }
    int h = n / 2;
    double *S1, *S2, *P1, *P2, *P3, *P4, *P5, *P6, *P7, *S3, *S4, *S5, *S6, *S7, *S8, *S9, *S10;
    const double *a11 = A, *a12 = A + h, *a21 = A + h*la, *a22 = A + h*la + h;
    const double *b11 = B, *b12 = B + h, *b21 = B + h*lb, *b22 = B + h*lb + h;
    size_t sz = sizeof(double) * h * h;
    #pragma omp task depend(out: S1) shared(S1)
    { S1 = malloc(sz); addm(h, a11, la, a22, la, S1, 1); }
    #pragma omp task depend(out: S2) shared(S2)
    { S2 = malloc(sz); addm(h, b11, lb, b22, lb, S2, 1); }
    #pragma omp task depend(out: S3) shared(S3)
    { S3 = malloc(sz); addm(h, a21, la, a22, la, S3, 1); }
    #pragma omp task depend(out: S4) shared(S4)
    { S4 = malloc(sz); addm(h, b12, lb, b22, lb, S4, -1); }
    #pragma omp task depend(out: S5) shared(S5)
    { S5 = malloc(sz); addm(h, b21, lb, b11, lb, S5, -1); }
    #pragma omp task depend(out: S6) shared(S6)
    { S6 = malloc(sz); addm(h, a11, la, a12, la, S6, 1); }
    #pragma omp task depend(out: S7) shared(S7)
    { S7 = malloc(sz); addm(h, a21, la, a11, la, S7, -1); }
    #pragma omp task depend(out: S8) shared(S8)
    { S8 = malloc(sz); addm(h, b11, lb, b12, lb, S8, 1); }
    #pragma omp task depend(out: S9) shared(S9)
    { S9 = malloc(sz); addm(h, a12, la, a22, la, S9, -1); }
    #pragma omp task depend(out: S10) shared(S10)
    { S10 = malloc(sz); addm(h, b21, lb, b22, lb, S10, 1); }
    #pragma omp task depend(in: S1, S2) depend(out: P1) shared(P1, S1, S2)
    { P1 = malloc(sz); str(h, S1, h, S2, h, P1, h); }
    #pragma omp task depend(in: S3) depend(out: P2) shared(P2, S3)
    { P2 = malloc(sz); str(h, S3, h, b11, lb, P2, h); }
    #pragma omp task depend(in: S4) depend(out: P3) shared(P3, S4)
    { P3 = malloc(sz); str(h, a11, la, S4, h, P3, h); }
    #pragma omp task depend(in: S5) depend(out: P4) shared(P4, S5)
    { P4 = malloc(sz); str(h, a22, la, S5, h, P4, h); }
    #pragma omp task depend(in: S6) depend(out: P5) shared(P5, S6)
    { P5 = malloc(sz); str(h, S6, h, b22, lb, P5, h); }
    #pragma omp task depend(in: S7, S8) depend(out: P6) shared(P6, S7, S8)
    { P6 = malloc(sz); str(h, S7, h, S8, h, P6, h); }
    #pragma omp task depend(in: S9, S10) depend(out: P7) shared(P7, S9, S10)
    { P7 = malloc(sz); str(h, S9, h, S10, h, P7, h); }
    #pragma omp task depend(in: P1, P2, P3, P4, P5, P6, P7) shared(P1, P2, P3, P4, P5, P6, P7)
    for (int i = 0; i < h; i++) for (int j = 0; j < h; j++) {
        int k = i*h + j;
        C[i*lc+j] = P1[k] + P4[k] - P5[k] + P7[k];
        C[i*lc+j+h] = P3[k] + P5[k];
        C[(i+h)*lc+j] = P2[k] + P4[k];
        C[(i+h)*lc+j+h] = P1[k] - P2[k] + P3[k] + P6[k];
    }
    #pragma omp taskwait
    free(S1); free(S2); free(S3); free(S4); free(S5); free(S6); free(S7); free(S8); free(S9); free(S10);
    free(P1); free(P2); free(P3); free(P4); free(P5); free(P6); free(P7);
}
int main(void)
{
    static double a[N*N], b[N*N], c[N*N], d[N*N];
    for (int i = 0; i < N*N; i++) { a[i] = (i * 3 % 7) - 3; b[i] = (i * 5 % 9) - 4; }
    #pragma omp parallel
    #pragma omp single
    str(N, a, N, b, N, c, N);
    mul(N, a, N, b, N, d, N);
    double e = 0, ck = 0;
    for (int i = 0; i < N*N; i++) { e += c[i] != d[i]; ck += c[i] * (i % 5); }
    printf("diff %g checksum %.1f\n", e, ck);
    return 0;
}
