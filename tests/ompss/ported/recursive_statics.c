/* ported: openmp
 * ported-werror
 * Tasks in recursive functions that use static and global data as library code does: a
 * `static` local call counter updated with `atomic` by every task (shared: one object), a
 * `static const` table read by the tasks, a file-scope `static` cut-off changed between
 * runs (read by `if(n > cutoff)`), a global array of per-depth counters updated with
 * `atomic`, a recursive walk whose tasks call it back through a function pointer held in a
 * `static` struct (`w->step(w, d - 1)`), the count read back by `atomic capture`. */
#include <stdio.h>

static int cutoff = 10;
long per_depth[32];

static long calls(int add)
{
    static long n;
    long old;
#pragma omp atomic capture
    {
        old = n;
        n += add;
    }
    return old + add;
}

static long comb(int n, int k, int depth)
{
    static const long small[6][6] = {
        {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0},
        {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}, {1, 5, 10, 10, 5, 1},
    };
    calls(1);
#pragma omp atomic
    per_depth[depth]++;
    if (k == 0 || k == n)
        return 1;
    if (n < 6)
        return small[n][k];
    long a, b;
#pragma omp task shared(a) if(n > cutoff)
    a = comb(n - 1, k - 1, depth + 1);
#pragma omp task shared(b) if(n > cutoff)
    b = comb(n - 1, k, depth + 1);
#pragma omp taskwait
    return a + b;
}

struct walker {
    long (*step)(const struct walker *, int);
    int fanout;
};

static long walk(const struct walker *w, int d)
{
    if (d == 0)
        return 1;
    long total = 0;
    for (int i = 0; i < w->fanout; i++) {
#pragma omp task shared(total) firstprivate(i)
        {
            long r = w->step(w, d - 1) + i;
#pragma omp atomic
            total += r;
        }
    }
#pragma omp taskwait
    return total;
}

int main(void)
{
    static struct walker w = {walk, 3};
    long r1 = 0, r2 = 0, r3 = 0;
#pragma omp parallel
#pragma omp single
    {
        r1 = comb(18, 7, 0);
        cutoff = 14;
        r2 = comb(16, 8, 0);
        r3 = w.step(&w, 5);
    }
    printf("comb %ld %ld walk %ld calls %ld\n", r1, r2, r3, calls(0));
    for (int d = 0; d < 20; d++)
        printf("%ld%c", per_depth[d], d == 19 ? '\n' : ' ');
    return 0;
}
