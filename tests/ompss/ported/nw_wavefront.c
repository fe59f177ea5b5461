/* ported: openmp
 * ported-werror
 * Rodinia nw (Needleman-Wunsch) as a blocked wavefront of tasks: the score matrix a pointer
 * to VLA rows `int (*score)[cols]`, one task per block with `depend(out: tok[bi][bj])` and
 * `depend(in: tok[bi - 1][bj], tok[bi][bj - 1], tok[bi - 1][bj - 1])` on a local VLA of
 * tokens `char tok[nb + 1][nb + 1]` (row and column 0 done first), the reference table and
 * the two sequences `static const`, a `#define`d maximum of three, `priority` along the
 * anti-diagonal, the traceback after a `taskwait` reading the final score. */
#include <stdio.h>
#include <stdlib.h>

#define MAX3(a, b, c) ((a) > (b) ? ((a) > (c) ? (a) : (c)) : ((b) > (c) ? (b) : (c)))

static const int blosum[4][4] = {
    {5, -1, -2, -1}, {-1, 5, -3, -2}, {-2, -3, 5, -2}, {-1, -2, -2, 5},
};

static void fill_block(int cols, int (*score)[cols], const unsigned char *s1,
                       const unsigned char *s2, int bs, int bi, int bj, int penalty)
{
    for (int i = 1 + (bi - 1) * bs; i <= bi * bs; i++)
        for (int j = 1 + (bj - 1) * bs; j <= bj * bs; j++)
            score[i][j] = MAX3(score[i - 1][j - 1] + blosum[s1[i - 1]][s2[j - 1]],
                               score[i - 1][j] - penalty, score[i][j - 1] - penalty);
}

static long align(int n, int bs, int penalty, unsigned seed)
{
    int cols = n + 1, nb = n / bs;
    int (*score)[cols] = malloc(sizeof(int[cols][cols]));
    unsigned char *s1 = malloc(n), *s2 = malloc(n);
    char tok[nb + 1][nb + 1];
    (void)tok;          /* (named by the dependences only) */
    for (int i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        s1[i] = (seed >> 20) & 3;
        seed = seed * 1664525u + 1013904223u;
        s2[i] = (seed >> 20) & 3;
    }
    for (int i = 0; i < cols; i++) {
        score[i][0] = -i * penalty;
        score[0][i] = -i * penalty;
    }
    long trace = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int bi = 1; bi <= nb; bi++)
            for (int bj = 1; bj <= nb; bj++) {
#pragma omp task depend(in: tok[bi - 1][bj], tok[bi][bj - 1], tok[bi - 1][bj - 1]) \
    depend(out: tok[bi][bj]) priority(nb - (bi + bj) / 2 > 0 ? nb - (bi + bj) / 2 : 0)
                fill_block(cols, score, s1, s2, bs, bi, bj, penalty);
            }
#pragma omp taskwait
        /* traceback from the corner */
        int i = n, j = n;
        while (i > 0 && j > 0) {
            trace += score[i][j];
            int d = score[i - 1][j - 1], u = score[i - 1][j], l = score[i][j - 1];
            if (d >= u && d >= l) {
                i--;
                j--;
            } else if (u >= l) {
                i--;
            } else {
                j--;
            }
        }
    }
    long result = score[n][n] * 100000L + trace;
    free(score);
    free(s1);
    free(s2);
    return result;
}

int main(void)
{
    printf("%ld\n", align(256, 16, 2, 7u));
    printf("%ld\n", align(240, 48, 3, 11u));
    printf("%ld\n", align(64, 64, 1, 3u));
    return 0;
}
