/* ported: openmp
   alignment in the shape of BOTS alignment: all pairs of sequences scored by a
   dynamic-programming alignment in a `for schedule(dynamic) nowait` inside `parallel`,
   each thread's DP rows allocated in the region and freed after the loop, scores into a
   global triangular array, a per-pair buffer on the stack (VLA) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSEQ 24
#define MAXLEN 120

static char seqs[NSEQ][MAXLEN + 1];
static int lens[NSEQ];
static int score[NSEQ][NSEQ];

static const int match = 2, mismatch = -1, gap = -2;

static void make_seqs(void)
{
    unsigned s = 7;
    static const char alpha[] = "ACGT";
    for (int i = 0; i < NSEQ; i++) {
        s = s * 1664525u + 1013904223u;
        lens[i] = 40 + (int)((s >> 10) % (MAXLEN - 40));
        for (int k = 0; k < lens[i]; k++) {
            s = s * 1664525u + 1013904223u;
            seqs[i][k] = alpha[(s >> 16) & 3];
        }
        seqs[i][lens[i]] = '\0';
    }
}

/* Needleman-Wunsch with two rows from the caller's scratch buffer */
static int align(const char *a, int la, const char *b, int lb, int *rows)
{
    int *prev = rows, *cur = rows + MAXLEN + 1;
    for (int j = 0; j <= lb; j++)
        prev[j] = j * gap;
    for (int i = 1; i <= la; i++) {
        cur[0] = i * gap;
        for (int j = 1; j <= lb; j++) {
            int d = prev[j - 1] + (a[i - 1] == b[j - 1] ? match : mismatch);
            int u = prev[j] + gap, l = cur[j - 1] + gap;
            int m = d > u ? d : u;
            cur[j] = m > l ? m : l;
        }
        int *t = prev; prev = cur; cur = t;
    }
    return prev[lb];
}

/* identity along the best diagonal: a per-pair VLA */
static int identity(const char *a, int la, const char *b, int lb)
{
    int n = la < lb ? la : lb;
    char same[n];
    int k = 0;
    for (int i = 0; i < n; i++) {
        same[i] = a[i] == b[i];
        k += same[i];
    }
    return k * 100 / n;
}

int main(void)
{
    long ident_sum = 0;
    make_seqs();
    #pragma omp parallel reduction(+: ident_sum)
    {
        int *rows = malloc(2 * (MAXLEN + 1) * sizeof(int));
        #pragma omp for schedule(dynamic) nowait
        for (int i = 0; i < NSEQ; i++) {
            for (int j = i + 1; j < NSEQ; j++) {
                score[i][j] = align(seqs[i], lens[i], seqs[j], lens[j], rows);
                ident_sum += identity(seqs[i], lens[i], seqs[j], lens[j]);
            }
        }
        free(rows);
    }
    long total = 0;
    int best = -1000000, bi = 0, bj = 0;
    for (int i = 0; i < NSEQ; i++)
        for (int j = i + 1; j < NSEQ; j++) {
            total += score[i][j];
            if (score[i][j] > best) {
                best = score[i][j];
                bi = i;
                bj = j;
            }
        }
    printf("pairs %d total %ld best %d (%d,%d) identity %ld\n", NSEQ * (NSEQ - 1) / 2, total,
           best, bi, bj, ident_sum);
    return 0;
}
