/* ported: openmp
 * Loops that write a per-thread buffer through a pointer at elements other iterations
 * write too, in the flattened forms that are NOT each iteration's own: a window
 * b[i + k] with k an inner counter, a row b[i*n + k] with k running past n, a matrix and
 * its transpose b[i*n + j] and b[j*n + i] in one body, b[i*ld + j] with j below n (ld not
 * known to be as large), b[i] under collapse(2) over i and j.  In OpenMP each thread adds
 * into its own buffer, and the weighted sums the region reduces are the sequential ones;
 * mcc's one copy must take every iteration's updates, so each loop runs as one task
 * (mcc warns): tasks at once would lose updates. */
#include <stdio.h>
#include <stdlib.h>

#define N 40
#define W 6
#define REP 100

/* The weighted sum of b[0..n) (linear: the threads' sums add up to the sequential one),
 * and b[0..size) cleared for the next loop. */
static long take(long *b, int n, int size)
{
    long s = 0;
    for (int k = 0; k < size; k++) {
        if (k < n)
            s += b[k] * (k % 5 + 1);
        b[k] = 0;
    }
    return s;
}

static void rounds(long *out, int n, int ld)
{
#pragma omp parallel reduction(+ : out[0:5])
    {
        int size = (n + W) * (2 * n + ld);
        long *buf = calloc((size_t)size, sizeof *buf);
        long *b = buf;
        int j, k;
#pragma omp for
        for (int i = 0; i < 400 * n; i++)
            for (k = 0; k < W; k++)
                b[i % n + k] += i % 7 + k;
        out[0] += take(buf, n + W, size);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < n; i++)
            for (int r = 0; r < REP; r++)
                for (k = 0; k < 2 * n; k++)
                    b[i * n + k] += i + k;
        out[1] += take(buf, (n + 1) * n, size);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < n; i++)
            for (int r = 0; r < REP; r++)
                for (j = 0; j < n; j++) {
                    b[i * n + j] += i + 2 * j;
                    b[j * n + i] += 1;
                }
        out[2] += take(buf, n * n, size);
#pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < n; i++)
            for (int r = 0; r < REP; r++)
                for (j = 0; j < 2 * n; j++)
                    b[i * ld + j] += i * j % 9;
        out[3] += take(buf, n * ld + n, size);
#pragma omp for collapse(2) schedule(dynamic, 3)
        for (int i = 0; i < n; i++)
            for (j = 0; j < 50 * REP; j++)
                b[i] += j % 3;
        out[4] += take(buf, n, size);
        free(buf);
    }
}

int main(void)
{
    long out[5] = {0, 0, 0, 0, 0};
    for (int r = 0; r < 3; r++)
        rounds(out, N, N + 3);
    printf("window %ld overrun %ld transpose %ld stride %ld collapse %ld\n", out[0], out[1],
           out[2], out[3], out[4]);
    return 0;
}
