/* ported: openmp
   ported-werror
   a histogram: `parallel for` updating global bins with `atomic`, `atomic update` on a
   struct member through a pointer, `atomic capture` handing out work indices, per-task
   histograms merged with atomics, a 2-D histogram, unsigned char data */
#include <stdio.h>
#include <stdlib.h>

#define NBINS 64
#define NDATA 200000

static unsigned char data[NDATA];
static long bins[NBINS];
static int bins2d[8][8];

struct totals {
    long count;
    double weight;
};

int main(void)
{
    unsigned s = 99;
    for (int i = 0; i < NDATA; i++) {
        s = s * 1103515245u + 12345u;
        data[i] = (unsigned char)(s >> 16);
    }
    struct totals tot = {0, 0.0}, *pt = &tot;

    #pragma omp parallel for schedule(static, 1000)
    for (int i = 0; i < NDATA; i++) {
        int b = data[i] * NBINS / 256;
        #pragma omp atomic
        bins[b]++;
        #pragma omp atomic update
        pt->count += 1;
        #pragma omp atomic
        bins2d[data[i] >> 5][i % 8] += 1;
    }

    int next = 0;
    long chunks_sum = 0;
    #pragma omp parallel
    #pragma omp single
    {
        for (int t = 0; t < 16; t++) {
            #pragma omp task shared(next, chunks_sum)
            {
                long local[NBINS] = {0};
                int mine;
                for (;;) {
                    #pragma omp atomic capture
                    mine = next++;
                    if (mine >= NDATA / 1000)
                        break;
                    for (int i = mine * 1000; i < (mine + 1) * 1000; i++)
                        local[data[i] % NBINS]++;
                }
                long s2 = 0;
                for (int b = 0; b < NBINS; b++)
                    s2 += local[b] * (b + 1);
                #pragma omp atomic
                chunks_sum += s2;
            }
        }
        #pragma omp taskwait
    }
    #pragma omp parallel for
    for (int i = 0; i < 1000; i++) {
        #pragma omp atomic
        pt->weight += 0.5;
    }

    long h = 0;
    for (int b = 0; b < NBINS; b++)
        h = h * 3 + bins[b];
    long h2 = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            h2 = h2 * 5 + bins2d[i][j];
    printf("bins %ld %ld %ld hash %ld\n", bins[0], bins[31], bins[63], h);
    printf("2d hash %ld count %ld weight %.1f chunks %ld next>=%d\n", h2, tot.count, tot.weight,
           chunks_sum, next >= NDATA / 1000);
    return 0;
}
