/* ported: openmp
 * ported-werror
 * NPB FT's evolve (u0[k][j][i] *= twiddle, the inner bound d[0], an array element) and
 * cffts1 with its scratch arrays y0, y1 declared in the region and handed to cfftz, listed
 * private on the `for` as the warning for the unlisted shape says
 * (tests/ompss/diag/scratch_handed_to_helper_serial): tasks at once, no warning. */
#include <stdio.h>
#define NX 16
#define NY 8
#define NZ 8
#define FB 4
typedef struct { double real, imag; } dcomplex;
static dcomplex u0[NZ][NY][NX], u1[NZ][NY][NX];
static double twiddle[NZ][NY][NX];

static void cfftz(int is, int m, int n, dcomplex x[NX][FB], dcomplex y[NX][FB])
{
  for (int l = 0; l < m; l++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < FB; j++) {
        y[i][j].real = x[i][j].real + is * x[(i + 1) % n][j].imag;
        y[i][j].imag = x[i][j].imag - is * x[(i + 1) % n][j].real;
      }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < FB; j++)
      x[i][j] = y[i][j];
}

static void cffts1(int is, int d[3], dcomplex x[NZ][NY][NX], dcomplex xout[NZ][NY][NX])
{
  int i, j, k, jj;
#pragma omp parallel default(shared) private(i, j, k, jj) shared(is)
  {
    dcomplex y0[NX][FB];
    dcomplex y1[NX][FB];
#pragma omp for private(y0, y1)
    for (k = 0; k < d[2]; k++) {
      for (jj = 0; jj <= d[1] - FB; jj += FB) {
        for (j = 0; j < FB; j++)
          for (i = 0; i < d[0]; i++)
            y0[i][j] = x[k][j + jj][i];
        cfftz(is, 2, d[0], y0, y1);
        for (j = 0; j < FB; j++)
          for (i = 0; i < d[0]; i++)
            xout[k][j + jj][i] = y0[i][j];
      }
    }
  }
}

static void evolve(dcomplex a0[NZ][NY][NX], dcomplex a1[NZ][NY][NX], double tw[NZ][NY][NX], int d[3])
{
  int i, j, k;
#pragma omp parallel for default(shared) private(i, j, k)
  for (k = 0; k < d[2]; k++)
    for (j = 0; j < d[1]; j++)
      for (i = 0; i < d[0]; i++) {
        a0[k][j][i].real *= tw[k][j][i];
        a0[k][j][i].imag *= tw[k][j][i];
        a1[k][j][i] = a0[k][j][i];
      }
}

int main(void)
{
  int d[3] = {NX, NY, NZ};
  for (int k = 0; k < NZ; k++) for (int j = 0; j < NY; j++) for (int i = 0; i < NX; i++) {
    u0[k][j][i].real = (i * 3 + j * 5 + k * 7) % 11; u0[k][j][i].imag = (i + j + k) % 5;
    twiddle[k][j][i] = 1.0 / (1 + (i + j + k) % 3);
  }
  evolve(u0, u1, twiddle, d);
  cffts1(1, d, u1, u1);
  cffts1(-1, d, u1, u0);
  double s = 0;
  for (int k = 0; k < NZ; k++) for (int j = 0; j < NY; j++) for (int i = 0; i < NX; i++) s += u1[k][j][i].real * (i + 1) - u1[k][j][i].imag * (j + 1);
  printf("%.6f\n", s);
  return 0;
}
