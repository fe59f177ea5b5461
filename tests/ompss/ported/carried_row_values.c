/* ported: openmp
 * Sparse rows in CSR form, some empty, walked by an orphaned `for` in a function main calls
 * with no region (a team of one, which runs every row in order): the row's last value is
 * set in the inner loop over its entries and stored after it, so an empty row stores the
 * value an earlier row left (`last[i] = t`); another loop sets a temporary in its inner
 * loop and reads it there only.  mcc took the first for a variable the body sets before
 * any use and gave each task its own copy: empty rows stored what the task's copy held,
 * not the earlier row's value.  Such a loop now runs as one task (mcc warns). */
#include <stdio.h>

#define ROWS 400

static int start[ROWS + 1];
static double val[4 * ROWS], last[ROWS], peak[ROWS];

static void carry_last(int n)
{
    double t = -1.0;
    int k;
#pragma omp for
    for (int i = 0; i < n; i++) {
        for (k = start[i]; k < start[i + 1]; k++)
            t = val[k];
        last[i] = t;
    }
}

static void row_peaks(int n)
{
    double t;
    int k;
#pragma omp for
    for (int i = 0; i < n; i++) {
        peak[i] = 0.0;
        for (k = start[i]; k < start[i + 1]; k++) {
            t = val[k] * val[k];
            if (t > peak[i])
                peak[i] = t;
        }
    }
}

int main(void)
{
    int nz = 0;
    for (int i = 0; i < ROWS; i++) {
        start[i] = nz;
        nz += (i % 3 == 1) ? 0 : 1 + i % 4;      /* every third row empty */
    }
    start[ROWS] = nz;
    for (int k = 0; k < nz; k++)
        val[k] = (double)((k * 7) % 23) * 0.5;
    carry_last(ROWS);
    row_peaks(ROWS);
    double s = 0.0, p = 0.0;
    for (int i = 0; i < ROWS; i++) {
        s += last[i] * (i % 7 + 1);
        p += peak[i];
    }
    printf("carried %.1f peaks %.2f\n", s, p);
    return 0;
}
