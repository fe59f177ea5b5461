/* ported: openmp
 * ported-werror
 * Critical sections in the places real codes put them: a named one in an inline function
 * with external linkage defined in a header (C99 inline: no static may appear there),
 * the same name in a static inline helper and in a loop body, the unnamed one in a
 * function called from a parallel loop, and a named one in tasks.  Counts and sums must
 * equal the sequential program's. */
#include <stdio.h>

static long total, hits, odd;

inline void add_total(long v)
{
#pragma omp critical (tot)
    total += v;
}
extern inline void add_total(long v);

static inline void add_twice(long v)
{
#pragma omp critical (tot)
    total += 2 * v;
}

static int count_hit(int i)
{
    int third;
#pragma omp critical
    {
        hits++;
        third = i % 3 == 0;
    }
    return third;
}

int main(void)
{
    long thirds = 0;
#pragma omp parallel for reduction(+ : thirds)
    for (int i = 0; i < 3000; i++) {
        add_total(i);
        add_twice(i);
        thirds += count_hit(i);
    }
    for (int i = 0; i < 64; i++) {
#pragma omp task firstprivate(i)
        for (int k = 0; k < 50; k++) {
#pragma omp critical (oddity)
            {
                if ((i + k) % 2 != 0)
                    odd++;
            }
            add_total(1);
        }
    }
#pragma omp taskwait
    printf("total %ld hits %ld thirds %ld odd %ld\n", total, hits, thirds, odd);
    return 0;
}
