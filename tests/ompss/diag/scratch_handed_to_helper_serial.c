/* NPB FT's cffts1: scratch arrays y0, y1 each thread of the region declares, which a `for`
 * fills and hands to a helper (cfftz) whose reads mcc cannot see: an iteration may read
 * what an earlier one of its thread left there, so each task cannot simply get a copy of
 * its own.  The loop runs as one task, and the warning says why and what to write. */
typedef struct { double real, imag; } dcomplex;

void cfftz(int is, int m, int n, dcomplex x[64][4], dcomplex y[64][4]);

void cffts1(int is, const int d[3], dcomplex x[8][8][64], dcomplex xout[8][8][64])
{
#pragma omp parallel
    {
        dcomplex y0[64][4];
        dcomplex y1[64][4];
#pragma omp for
        for (int k = 0; k < d[2]; k++)
            for (int jj = 0; jj <= d[1] - 4; jj += 4) {
                for (int j = 0; j < 4; j++)
                    for (int i = 0; i < d[0]; i++)
                        y0[i][j] = x[k][j + jj][i];
                cfftz(is, 6, d[0], y0, y1);
                for (int j = 0; j < 4; j++)
                    for (int i = 0; i < d[0]; i++)
                        xout[k][j + jj][i] = y0[i][j];
            }
    }
}
