/* ported: openmp
   ported-werror
   `atomic` on bit-fields of a packed record (counters of a histogram): update, capture,
   read, write and compare, through a pointer and on a global; gcc -fopenmp runs them under
   one lock, mcc's compare-and-swap took the bit-field's __typeof__ and address, and gcc
   said "'typeof' applied to a bit-field" in the translation */
#include <stdio.h>

struct bucket {
    unsigned small : 6, large : 12;
    unsigned flags : 3;
    int total;
};

static struct bucket hist[4];

int main(void)
{
    struct bucket *b = hist;
    int last = 0, seen = 0;
    #pragma omp parallel for
    for (int i = 0; i < 2000; i++) {
        struct bucket *h = &b[i % 4];
        if (i % 50 == 0) {
            #pragma omp atomic
            h->small++;
        } else {
            #pragma omp atomic
            h->large += 1;
        }
        #pragma omp atomic capture
        last = hist[0].total++;
    }
    #pragma omp atomic read
    seen = hist[1].large;
    #pragma omp atomic write
    hist[2].flags = 5;
    #pragma omp atomic compare
    if (hist[3].large > 400) { hist[3].large = 400; }
    for (int k = 0; k < 4; k++)
        printf("bucket %d: small %u large %u flags %u\n", k, hist[k].small, hist[k].large,
               hist[k].flags);
    printf("total %d seen %d last %s\n", hist[0].total, seen, last >= 0 ? "ok" : "bad");
    return 0;
}
