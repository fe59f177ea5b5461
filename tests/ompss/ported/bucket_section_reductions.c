/* ported: openmp
 * ported-werror
 * Bucket counts reduced over array sections whose subscripts name a variable private to
 * each thread (NPB IS-style key ranking, a Rodinia-style histogram): an orphaned `for
 * reduction(+: h[:nb])` in a function whose parameters nb and shift pick the bucket
 * (`h[(k >> shift) % nb]++`), and a `for` in a region whose own locals size the sections
 * (`reduction(+: h2[:nb], sx)` with `h2[k % nb]++`, `sx[i % w] += x`).  The writes go to
 * each task's copy of the section: the loops split.  mcc took them for writes of shared
 * rows indexed by the thread's private variable and ran each loop as one task, with a
 * warning ("'nb' is private to each thread ... writes elements it indexes").
 */
#include <stdio.h>
#include <stdlib.h>

#define NKEYS 4000

static void count_keys(const int *keys, int n, long *h, int nb, int shift)
{
    int i;
#pragma omp for reduction(+: h[:nb]) schedule(static)
    for (i = 0; i < n; i++)
        h[(keys[i] >> shift) % nb]++;
}

int main(void)
{
    int i, *keys = malloc(NKEYS * sizeof *keys);
    long h1[16] = {0}, h2[8] = {0};
    double sx[4] = {0};

    if (!keys)
        return 1;
    for (i = 0; i < NKEYS; i++)
        keys[i] = (int)((i * 2654435761u) >> 3);
#pragma omp parallel
    count_keys(keys, NKEYS, h1, 16, 4);
#pragma omp parallel
    {
        int nb = 8, w = 4;
#pragma omp for reduction(+: h2[:nb], sx)
        for (i = 0; i < NKEYS; i++) {
            h2[keys[i] % nb]++;
            sx[i % w] += 0.5;
        }
    }
    printf("h1:");
    for (i = 0; i < 16; i++)
        printf(" %ld", h1[i]);
    printf("\nh2:");
    for (i = 0; i < 8; i++)
        printf(" %ld", h2[i]);
    printf("\nsx: %.1f %.1f %.1f %.1f\n", sx[0], sx[1], sx[2], sx[3]);
    free(keys);
    return 0;
}
