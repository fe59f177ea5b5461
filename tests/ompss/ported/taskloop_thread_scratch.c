/* ported: openmp
 * ported-seq-libs: -lgomp
 * BOTS alignment's shape: every pair of sequences scored by a dynamic program, one
 * `taskloop` in a `single` over the pair index, each iteration handing the DP row buffer
 * of the thread that runs it (`buf[omp_get_thread_num()]`) to the scoring function; the
 * buffers are allocated in the region's own body (`buf[me] = malloc(...)`, a barrier).
 * mcc runs the body once as thread 0, and the taskloop's tasks on other workers read a
 * null pointer (a crash): its iterations now run as one task on the region's thread, as
 * a task's do (mcc warns). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define NS 24
#define LEN 60
static char seq[NS][LEN + 1];
static int score[NS][NS];
static int *buf[64];
static int dp(const char *a, const char *b, int *row)
{
    int la = strlen(a), lb = strlen(b);
    for (int j = 0; j <= lb; j++) row[j] = -j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0]; row[0] = -i;
        for (int j = 1; j <= lb; j++) {
            int m = diag + (a[i-1] == b[j-1] ? 2 : -1);
            int up = row[j] - 1, left = row[j-1] - 1;
            diag = row[j];
            row[j] = m > up ? (m > left ? m : left) : (up > left ? up : left);
        }
    }
    return row[lb];
}
int main(void)
{
    unsigned s = 99;
    for (int i = 0; i < NS; i++) {
        int l = 30 + i % 31;
        for (int k = 0; k < l; k++) { s = s * 1664525u + 1013904223u; seq[i][k] = "ACGT"[(s >> 24) & 3]; }
        seq[i][l] = 0;
    }
    int npairs = NS * (NS - 1) / 2;
    #pragma omp parallel
    {
        int me = omp_get_thread_num();
        buf[me] = malloc((LEN + 1) * sizeof(int));
        #pragma omp barrier
        #pragma omp single
        {
            #pragma omp taskloop grainsize(8)
            for (int p = 0; p < npairs; p++) {
                int i = 0, r = p;
                while (r >= NS - 1 - i) { r -= NS - 1 - i; i++; }
                int j = i + 1 + r;
                score[i][j] = score[j][i] = dp(seq[i], seq[j], buf[omp_get_thread_num()]);
            }
        }
        free(buf[me]);
    }
    long ck = 0;
    for (int i = 0; i < NS; i++) for (int j = 0; j < NS; j++) ck = ck * 3 + score[i][j] + 1000;
    printf("pairs %d checksum %ld\n", npairs, ck);
    return 0;
}
