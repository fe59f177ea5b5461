/* An inline task with a reduction that ends by `return` (in a loop, from inside a critical
 * section, and for an array reduction) still combines its private copy into the original. */
#include "ompss_check.h"

static long sum_until(const int *v, int n, int stop)
{
    long s = 0;
    for (int t = 0; t < 4; t++) {
#pragma omp task reduction(+: s) firstprivate(t)
        {
            for (int i = 0; i < n; i++) {
                if (v[i] == stop)
                    return;
                s += v[i] + t;
            }
        }
    }
#pragma omp taskwait
    return s;
}

static void count_array(int *c, int n)
{
    for (int t = 0; t < 5; t++) {
#pragma omp task reduction(+: [n]c) firstprivate(t)
        {
            for (int i = 0; i < n; i++)
                c[i] += 1;
            if (t >= 0)
                return;
            c[0] += 100;
        }
    }
#pragma omp taskwait
}

static long guarded;

/* Each task returns from inside a critical section: the section is released, the sum kept. */
static long count_guarded(int tasks)
{
    long n = 0;
    for (int t = 0; t < tasks; t++) {
#pragma omp task reduction(+: n)
        {
            n += 2;
#pragma omp critical(guard)
            {
                guarded++;
                if (guarded > 0)
                    return;
            }
            n += 1000;
        }
    }
#pragma omp taskwait
    return n;
}

int main(void)
{
    int v[10];
    for (int i = 0; i < 10; i++)
        v[i] = i + 1;
    /* stops at the value 6: 1+2+3+4+5 = 15 plus 5*t, for t = 0..3 */
    long s = sum_until(v, 10, 6);
    CHECK(s == IF_OMPSS(4 * 15 + 5 * (0 + 1 + 2 + 3), s), "s = %ld", s);
    int c[3] = {0, 0, 0};
    count_array(c, 3);
    for (int i = 0; i < 3; i++)
        CHECK(c[i] == IF_OMPSS(5, c[i]), "c[%d] = %d", i, c[i]);
    long g = count_guarded(50);
    CHECK(g == IF_OMPSS(100, g), "g = %ld", g);
    CHECK(guarded == 50, "guarded = %ld", guarded);
    return 0;
}
