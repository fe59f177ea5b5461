/* ported: openmp
 * ported-werror
 * Rodinia kmeans as tasks: each iteration assigns points to the nearest centre in blocks,
 * the per-cluster counts and coordinate sums reduced over array sections with
 * `taskgroup task_reduction(+: count[0:K], sums[0:K][0:D])` and tasks
 * `in_reduction(+: count[0:K], sums[0:K][0:D])`; the number of points that changed cluster
 * reduced by `parallel reduction(task, +: moved)` whose tasks say `in_reduction(+: moved)`;
 * points as an array of structs, centres as `float (*centre)[D]`.  mcc said "sorry,
 * unimplemented: a reduction over 'sums[0:5][0:3]', a section of more than one dimension". */
#include <stdio.h>
#include <stdlib.h>

#define NP 3000
#define K 5
#define D 3
#define BLK 128

struct point {
    float x[D];
    int cluster;
};

static int nearest(const float *x, float (*centre)[D])
{
    int best = 0;
    float bd = 1e30f;
    for (int c = 0; c < K; c++) {
        float d = 0.0f;
        for (int k = 0; k < D; k++)
            d += (x[k] - centre[c][k]) * (x[k] - centre[c][k]);
        if (d < bd) {
            bd = d;
            best = c;
        }
    }
    return best;
}

int main(void)
{
    struct point *pts = malloc(NP * sizeof *pts);
    float (*centre)[D] = malloc(sizeof(float[K][D]));
    unsigned seed = 12345u;
    for (int i = 0; i < NP; i++) {
        for (int k = 0; k < D; k++) {
            seed = seed * 1103515245u + 12345u;
            pts[i].x[k] = (float)((seed >> 16) % 1000) / 10.0f + 30.0f * (i % K);
        }
        pts[i].cluster = -1;
    }
    for (int c = 0; c < K; c++)
        for (int k = 0; k < D; k++)
            centre[c][k] = pts[c * 7].x[k];

    for (int iter = 0; iter < 6; iter++) {
        long count[K] = {0};
        double sums[K][D] = {{0}};
        int moved = 0;
#pragma omp parallel reduction(task, +: moved)
#pragma omp single
#pragma omp taskgroup task_reduction(+: count[0:K], sums[0:K][0:D])
        for (int b = 0; b < NP; b += BLK) {
#pragma omp task in_reduction(+: count[0:K], sums[0:K][0:D]) in_reduction(+: moved) firstprivate(b)
            for (int i = b; i < b + BLK && i < NP; i++) {
                int c = nearest(pts[i].x, centre);
                if (c != pts[i].cluster) {
                    moved++;
                    pts[i].cluster = c;
                }
                count[c]++;
                for (int k = 0; k < D; k++)
                    sums[c][k] += pts[i].x[k];
            }
        }
        for (int c = 0; c < K; c++)
            for (int k = 0; k < D; k++)
                if (count[c] > 0)
                    centre[c][k] = (float)(sums[c][k] / count[c]);
        printf("iter %d: moved %d, counts", iter, moved);
        for (int c = 0; c < K; c++)
            printf(" %ld", count[c]);
        printf("\n");
    }
    for (int c = 0; c < K; c++)
        printf("centre %d: %.3f %.3f %.3f\n", c, centre[c][0], centre[c][1], centre[c][2]);
    free(pts);
    free(centre);
    return 0;
}
