/* ported-werror
   OmpSs histograms kept in local arrays and reduced by inline tasks through shaping
   expressions on the arrays themselves: reduction(+: [NBINS]hist) on `long hist[NBINS]`,
   `[nb]counts` on a VLA, `[2]acc` on the first two rows of `double acc[3][4]`, `[4]tl` on
   a taskloop, a declared reduction over `[4]cls` of a struct array, beside a function
   task's `[n]h` on a pointer; mcc said "sorry, unimplemented: capturing 'hist', whose type
   is declared inside the function or variably modified" (and then "unknown reduction
   'merge'" for the declared one) */
#include <stdio.h>

#define N 4000
#define NBINS 16
#define BS 250

static unsigned char pix[N];

typedef struct {
    long count;
    long sum;
} cls_t;
#pragma omp declare reduction(merge : cls_t : omp_out.count += omp_in.count, \
                              omp_out.sum += omp_in.sum) initializer(omp_priv = (cls_t){0, 0})

#pragma omp task in([n]p) reduction(+: [nbins]h)
void hist_fn(const unsigned char *p, int n, long *h, int nbins)
{
    for (int i = 0; i < n; i++)
        h[p[i] % nbins] += 1;
}

static void histograms(int nb)
{
    long hist[NBINS] = {0};
    long counts[nb];
    double acc[3][4] = {{0}};
    long tl[4] = {0};
    long viafn[NBINS] = {0};
    cls_t cls[4] = {{0, 0}};
    for (int b = 0; b < nb; b++)
        counts[b] = 0;
    for (int i = 0; i < N; i += BS) {
        #pragma omp task in(pix[i;BS]) reduction(+: [NBINS]hist) firstprivate(i)
        for (int k = i; k < i + BS; k++)
            hist[pix[k] / (256 / NBINS)]++;
        #pragma omp task in(pix[i;BS]) reduction(+: [nb]counts) firstprivate(i)
        for (int k = i; k < i + BS; k++)
            counts[pix[k] % nb] += pix[k];
        #pragma omp task in(pix[i;BS]) reduction(+: [2]acc) firstprivate(i)
        for (int k = i; k < i + BS; k++)
            acc[k % 2][pix[k] % 4] += pix[k] * 0.25;
        #pragma omp task in(pix[i;BS]) reduction(merge: [4]cls) firstprivate(i)
        for (int k = i; k < i + BS; k++) {
            cls[pix[k] >> 6].count++;
            cls[pix[k] >> 6].sum += pix[k];
        }
        hist_fn(pix + i, BS, viafn, NBINS);
    }
    #pragma omp taskloop reduction(+: [4]tl) grainsize(300)
    for (int k = 0; k < N; k++)
        tl[k % 4] += pix[k] & 7;
    #pragma omp taskwait
    for (int b = 0; b < NBINS; b++)
        printf("%ld%c", hist[b], b == NBINS - 1 ? '\n' : ' ');
    for (int b = 0; b < nb; b++)
        printf("%ld%c", counts[b], b == nb - 1 ? '\n' : ' ');
    for (int r = 0; r < 3; r++)
        printf("%.2f %.2f %.2f %.2f\n", acc[r][0], acc[r][1], acc[r][2], acc[r][3]);
    printf("%ld %ld %ld %ld\n", tl[0], tl[1], tl[2], tl[3]);
    for (int c = 0; c < 4; c++)
        printf("%ld/%ld%c", cls[c].count, cls[c].sum, c == 3 ? '\n' : ' ');
    for (int b = 0; b < NBINS; b++)
        printf("%ld%c", viafn[b], b == NBINS - 1 ? '\n' : ' ');
}

int main(void)
{
    unsigned s = 2024;
    for (int i = 0; i < N; i++) {
        s = s * 1664525u + 1013904223u;
        pix[i] = (unsigned char)(s >> 24);
    }
    histograms(5);
    histograms(9);
    return 0;
}
