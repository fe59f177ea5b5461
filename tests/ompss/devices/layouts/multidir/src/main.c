/* main.c - smoothing steps run by run_steps (step.c) and here, each an smp task or its
 * OpenCL implementation as versioning picks; between rounds `taskwait on(u)` and host
 * writes that the next tasks must see.  Checked against the same steps in plain C (exact
 * integers).  Exit 0 and "result: OK". */
#include <stdio.h>
#include <string.h>
#include "stencil.h"

#define N 1000
#define STEPS 6
#define ROUNDS 5

static int u[N], tmp[N], ref[N], rtmp[N];

static void ref_smooth(const int *a, int *b, int n)
{
    b[0] = a[0];
    b[n - 1] = a[n - 1];
    for (int i = 1; i < n - 1; i++)
        b[i] = (a[i - 1] + 2 * a[i] + a[i + 1]) % 1000;
}

int main(void)
{
    fill(u, N, 13);
#pragma omp taskwait on(u)
    for (int i = 0; i < N; i++)
        ref[i] = i * 13 % 97;
    int wrong = memcmp(u, ref, sizeof u) != 0;
    for (int r = 0; r < ROUNDS; r++) {
        run_steps(u, tmp, N, STEPS);
        /* host writes the ends between rounds: the devices must see them */
#pragma omp taskwait on(u)
        u[0] = r + 500;
        u[N - 1] = 3 * r;
        u[N / 2] += 1;
        smooth(u, tmp, N);
        smooth(tmp, u, N);
#pragma omp taskwait
        for (int s = 0; s < STEPS; s++) {
            ref_smooth(ref, rtmp, N);
            ref_smooth(rtmp, ref, N);
        }
        ref[0] = r + 500;
        ref[N - 1] = 3 * r;
        ref[N / 2] += 1;
        ref_smooth(ref, rtmp, N);
        ref_smooth(rtmp, ref, N);
    }
    for (int i = 0; i < N; i++)
        wrong += u[i] != ref[i];
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
