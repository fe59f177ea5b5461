/* ported: openmp
   ported-werror ported-seq-libs: -lgomp
   Legacy C with K&R definitions holding tasks: a recursive fib whose tasks call the
   function they are in, a tree sum returning a pointer-typed result, a K&R helper with a
   taskloop; mcc outlined the tasks before the definition without declaring it (it gave
   K&R definitions no prototype), and gcc took the calls for implicit `int kfib()`:
   "conflicting types for 'kfib'" */
#include <stdio.h>

static long kfib(n, depth)
int n;
int depth;
{
    long x, y;
    if (n < 2)
        return n;
    #pragma omp task shared(x) if(depth < 5)
    x = kfib(n - 1, depth + 1);
    #pragma omp task shared(y) if(depth < 5)
    y = kfib(n - 2, depth + 1);
    #pragma omp taskwait
    return x + y;
}

static long table[64];

/* returns where it stored the range's sum */
static long *range_sum(lo, hi)
int lo, hi;
{
    static long slots[64];
    if (hi - lo <= 4) {
        long s = 0;
        int i;
        for (i = lo; i < hi; i++)
            s += table[i];
        slots[lo] = s;
        return &slots[lo];
    }
    long *a, *b;
    int mid = (lo + hi) / 2;
    #pragma omp task shared(a)
    a = range_sum(lo, mid);
    #pragma omp task shared(b)
    b = range_sum(mid, hi);
    #pragma omp taskwait
    slots[lo] = *a + *b;
    return &slots[lo];
}

static void fill(n, scale)
int n;
long scale;
{
    #pragma omp taskloop grainsize(8)
    for (int i = 0; i < n; i++)
        table[i] = (i % 9) * scale;
}

int main(void)
{
    long f = 0, s = 0;
    #pragma omp parallel
    #pragma omp single
    {
        fill(64, 3);
        f = kfib(22, 0);
        s = *range_sum(0, 64);
    }
    printf("%ld %ld\n", f, s);
    return 0;
}
