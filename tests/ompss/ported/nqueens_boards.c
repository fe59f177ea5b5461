/* ported: openmp
   ported-werror
   nqueens in the shape of BOTS nqueens: each task copies its board (a VLA, alloca) */
#include <stdio.h>
#include <string.h>
#include <alloca.h>

static int ok(int n, const char *a)
{
    for (int i = 0; i < n; i++) {
        char p = a[i];
        for (int j = i + 1; j < n; j++) {
            char q = a[j];
            if (q == p || q == p - (j - i) || q == p + (j - i))
                return 0;
        }
    }
    return 1;
}

/* the BOTS shape: the board is alloca'd per task and copied */
static void nqueens_alloca(int n, int j, char *a, int *solutions, int depth)
{
    int *csols;
    if (n == j) {
        *solutions = 1;
        return;
    }
    *solutions = 0;
    csols = alloca(n * sizeof(int));
    memset(csols, 0, n * sizeof(int));
    for (int i = 0; i < n; i++) {
        #pragma omp task firstprivate(i, j, n, depth) shared(a, csols)
        {
            char *b = alloca(n * sizeof(char));
            memcpy(b, a, j * sizeof(char));
            b[j] = (char)i;
            if (ok(j + 1, b))
                nqueens_alloca(n, j + 1, b, &csols[i], depth + 1);
        }
    }
    #pragma omp taskwait
    for (int i = 0; i < n; i++)
        *solutions += csols[i];
}

/* the same with a VLA board that each task gets firstprivate */
static int nqueens_vla(int n, int j, const char *a)
{
    if (j == n)
        return 1;
    int counts[n];
    char board[n];
    memcpy(board, a, (size_t)j);
    for (int i = 0; i < n; i++) {
        counts[i] = 0;
        #pragma omp task firstprivate(board) shared(counts) if(j < 3)
        {
            board[j] = (char)i;
            if (ok(j + 1, board))
                counts[i] = nqueens_vla(n, j + 1, board);
        }
    }
    #pragma omp taskwait
    int total = 0;
    for (int i = 0; i < n; i++)
        total += counts[i];
    return total;
}

int main(void)
{
    for (int n = 4; n <= 9; n++) {
        int s1 = 0, s2 = 0;
        char start[16];
        memset(start, 0, sizeof start);
        #pragma omp parallel
        #pragma omp single
        {
            nqueens_alloca(n, 0, start, &s1, 0);
            s2 = nqueens_vla(n, 0, start);
        }
        printf("n=%d solutions %d %d\n", n, s1, s2);
    }
    return 0;
}
