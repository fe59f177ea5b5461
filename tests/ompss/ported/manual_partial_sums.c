/* ported: openmp
   manual reductions: partial results private to each thread of a region, updated by a
   `for` in forms the compiler must see as writes (the address to a function, a macro, a
   conditional expression, an alias pointer, a struct through a function, atomic), combined
   under critical; mcc runs three of the loops as one task each, with a warning */
#include <stdio.h>

struct stats { long n; double sum; long hist[4]; };

static void bump(long *p, long x) { *p += x; }
static void add_stat(struct stats *s, double v) { s->n++; s->sum += v; s->hist[(long)v % 4]++; }
#define ACCUM(dst, v) ((dst) += (v))

int main(void)
{
    long t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0;
    struct stats tot = {0, 0, {0}};
    #pragma omp parallel
    {
        long a = 0, b = 0, c = 0, d = 0, pos = 0, neg = 0;
        long arr[4] = {0};
        long *pa = &a;
        struct stats mine = {0, 0, {0}};
        #pragma omp for
        for (int i = 0; i < 1000; i++)
            bump(&b, i);
        #pragma omp for
        for (int i = 0; i < 1000; i++) {
            (void)ACCUM(c, i * 2);
            i % 3 ? (pos += i) : (neg -= i);
            arr[i % 4] += i;
        }
        #pragma omp for schedule(dynamic, 16)
        for (int i = 0; i < 1000; i++) {
            *pa += 1;
            add_stat(&mine, i);
        }
        #pragma omp for
        for (int i = 0; i < 1000; i++) {
            #pragma omp atomic
            d += i;
        }
        #pragma omp critical
        {
            t1 += a; t2 += b; t3 += c; t4 += d; t5 += pos - neg;
            t6 += arr[0] * 1 + arr[1] * 2 + arr[2] * 3 + arr[3] * 4;
            tot.n += mine.n; tot.sum += mine.sum;
            for (int k = 0; k < 4; k++) tot.hist[k] += mine.hist[k];
        }
    }
    printf("%ld %ld %ld %ld %ld %ld %ld %.0f %ld %ld\n", t1, t2, t3, t4, t5, t6, tot.n, tot.sum,
           tot.hist[0], tot.hist[3]);
    return 0;
}
