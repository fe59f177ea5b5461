/* ported: openmp
   ported-werror
   Game of Life as OpenMP codes write it: one `parallel` region around the time loop, a
   `for` per step over rows (`schedule(static)` then `guided`), the grids swapped by a
   `single`, a `for reduction` counting live cells each step, the step counter private to
   each thread, `master` recording history */
#include <stdio.h>
#include <string.h>

#define W 96
#define H 80
#define STEPS 60

static unsigned char g1[H][W], g2[H][W];
static int history[STEPS];

static int neighbours(unsigned char (*g)[W], int i, int j)
{
    int c = 0;
    for (int di = -1; di <= 1; di++)
        for (int dj = -1; dj <= 1; dj++)
            if (di || dj)
                c += g[(i + di + H) % H][(j + dj + W) % W];
    return c;
}

int main(void)
{
    unsigned s = 31337;
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++) {
            s = s * 1103515245u + 12345u;
            g1[i][j] = (s >> 16) % 3 == 0;
        }
    unsigned char (*cur)[W] = g1, (*nxt)[W] = g2;
    long live = 0;
    #pragma omp parallel shared(cur, nxt, live)
    {
        for (int step = 0; step < STEPS; step++) {
            #pragma omp for schedule(static)
            for (int i = 0; i < H; i++)
                for (int j = 0; j < W; j++) {
                    int n = neighbours(cur, i, j);
                    nxt[i][j] = n == 3 || (n == 2 && cur[i][j]);
                }
            #pragma omp single
            {
                unsigned char (*t)[W] = cur;
                cur = nxt;
                nxt = t;
                live = 0;
            }
            #pragma omp for schedule(guided) reduction(+: live)
            for (int i = 0; i < H; i++)
                for (int j = 0; j < W; j++)
                    live += cur[i][j];
            #pragma omp master
            history[step] = (int)live;
            #pragma omp barrier
        }
    }
    long h = 0;
    for (int k = 0; k < STEPS; k++)
        h = h * 13 + history[k];
    printf("live %ld history %ld first %d last %d\n", live, h, history[0], history[STEPS - 1]);
    return 0;
}
