/* ported: ompss
 * A branch-and-bound 0/1 knapsack in the OmpSs style of the BOTS codes: the weights and
 * values are array-typed parameters (`const int w[N]`, a typedef'd array), each branch a
 * task that gets its own copy of the partial solution (a local array, firstprivate), the
 * best solution kept under a named critical section (ties broken by the smaller mask, so
 * the answer is unique).  Prints the best value and the items taken. */
#include <stdio.h>
#include <string.h>

#define N 20
typedef char choice[N];

static const int W[N] = {23, 31, 29, 44, 53, 38, 63, 85, 89, 82, 12, 17, 41, 9, 33, 27, 61, 19, 47, 7};
static const int V[N] = {92, 57, 49, 68, 60, 43, 67, 84, 87, 72, 21, 30, 55, 15, 46, 40, 70, 28, 52, 11};

static int best_value = -1;
static choice best_taken;

static unsigned long mask_of(const choice c)
{
    unsigned long m = 0;
    for (int i = 0; i < N; i++)
        m |= (unsigned long)(c[i] != 0) << i;
    return m;
}

/* An optimistic bound: the value of every remaining item that still fits on its own. */
static int bound(int i, int cap, const int w[N], const int v[N])
{
    int b = 0;
    for (; i < N; i++)
        if (w[i] <= cap)
            b += v[i];
    return b;
}

static void knap(int i, int cap, int value, const int w[N], const int v[N], choice taken)
{
    if (i == N) {
#pragma omp critical(best)
        if (value > best_value || (value == best_value && mask_of(taken) < mask_of(best_taken))) {
            best_value = value;
            memcpy(best_taken, taken, N);
        }
        return;
    }
    int best_now;
#pragma omp critical(best)
    best_now = best_value;
    if (value + bound(i, cap, w, v) < best_now)
        return;
    choice with, without;
    memcpy(with, taken, N);
    memcpy(without, taken, N);
    with[i] = 1;
    without[i] = 0;
    if (w[i] <= cap) {
#pragma omp task
        knap(i + 1, cap - w[i], value + v[i], w, v, with);
    }
#pragma omp task
    knap(i + 1, cap, value, w, v, without);
#pragma omp taskwait
}

int main(void)
{
    choice none;
    memset(none, 0, N);
    knap(0, 300, 0, W, V, none);
#pragma omp taskwait
    printf("best value %d, items:", best_value);
    for (int i = 0; i < N; i++)
        if (best_taken[i])
            printf(" %d", i);
    printf("\n");
    return 0;
}
