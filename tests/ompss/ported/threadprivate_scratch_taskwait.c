/* ported: openmp
   ported-werror
 * A threadprivate accumulator (a histogram and the number of the image it belongs to, a
 * Fortran-style COMMON block turned into a struct) that image tasks clear, then create
 * tasks that smooth the image's rows and wait for them, then fill from the smoothed rows
 * and copy out.  OpenMP's scheduling constraint for tied tasks keeps an unrelated task
 * from starting on a thread while a task tied to it waits, so no other image can clear or
 * claim the thread's copy meanwhile: nanort ran sibling images on the waiting task's
 * stack, and histograms came out mixed (every worker count). */
#include <stdio.h>

#define NIMG 96
#define NROW 4
#define NPIX 24
#define NBIN 8

struct acc {
  long bin[NBIN];
  int image;
};
static struct acc hist;
#pragma omp threadprivate(hist)

static int pix[NIMG][NROW][NPIX];
static long out[NIMG][NBIN];
static int claimed_by_other[NIMG];

static void smooth_row(int *row)
{
  int tmp[NPIX];
  for (int r = 0; r < 30; r++)          /* long enough for the image task to wait */
    for (int p = 0; p < NPIX; p++)
      tmp[p] = (row[p] + row[(p + 1) % NPIX] + r * 0) / 2;
  for (int p = 0; p < NPIX; p++)
    row[p] = tmp[p];
}

static void image_task(int im)
{
  for (int b = 0; b < NBIN; b++)
    hist.bin[b] = 0;
  hist.image = im;
  for (int r = 0; r < NROW; r++) {
    #pragma omp task firstprivate(im, r)
    smooth_row(pix[im][r]);
  }
  #pragma omp taskwait
  claimed_by_other[im] = hist.image != im;
  for (int r = 0; r < NROW; r++)
    for (int p = 0; p < NPIX; p++)
      hist.bin[pix[im][r][p] % NBIN]++;
  for (int b = 0; b < NBIN; b++)
    out[im][b] = hist.bin[b];
}

int main(void)
{
  for (int im = 0; im < NIMG; im++)
    for (int r = 0; r < NROW; r++)
      for (int p = 0; p < NPIX; p++)
        pix[im][r][p] = (im * 31 + r * 7 + p * p) % 50;
  #pragma omp parallel
  #pragma omp single
  for (int im = 0; im < NIMG; im++) {
    #pragma omp task firstprivate(im)
    image_task(im);
  }
  long check = 0;
  int over = 0, other = 0;
  for (int im = 0; im < NIMG; im++) {
    long n = 0;
    for (int b = 0; b < NBIN; b++) {
      n += out[im][b];
      check = check * 3 % 1000003 + out[im][b] * (b + 1);
    }
    over += n != NROW * NPIX;
    other += claimed_by_other[im];
  }
  printf("histograms: check %ld, %d miscounted, %d claimed by another image\n", check, over, other);
  return 0;
}
