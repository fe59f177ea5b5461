/* ported: openmp
   ported-werror
   `atomic` on volatile objects, as older codes declare their shared counters and flags:
   update, read, write and capture on a volatile long, a volatile double, a volatile
   array's element, a volatile struct member and through a pointer to volatile (compare on
   a plain long: gcc 12 refuses it, and `d = d + e`, on a volatile); mcc's copies of the
   old and new values kept the volatile and gcc warned that __atomic_load "discards
   'volatile' qualifier" (an error under -Werror) */
#include <stdio.h>

struct counters { volatile long hits; volatile double weight; };

static volatile long done_count;
static volatile int flags[8];

int main(void)
{
    volatile long v = 0;
    volatile double d = 0;
    struct counters c = {0, 0};
    volatile long *pv = &v;
    long seen_max = 0, last_read = 0, old_sum = 0;
    long best = 1000000;
    #pragma omp parallel for reduction(max: seen_max) reduction(+: old_sum)
    for (int i = 0; i < 1000; i++) {
        long r, old;
        #pragma omp atomic
        v += 1;
        #pragma omp atomic update
        d += 0.25;
        #pragma omp atomic
        flags[i % 8] |= 1 << (i % 3);
        #pragma omp atomic
        c.hits++;
        #pragma omp atomic
        c.weight += 2.0;
        #pragma omp atomic
        *pv += 1;
        #pragma omp atomic capture
        old = done_count++;
        old_sum += old;
        #pragma omp atomic read
        r = done_count;
        if (r > seen_max)
            seen_max = r;
        #pragma omp atomic compare
        if (best > i + 5) { best = i + 5; }
    }
    #pragma omp atomic write
    done_count = -1;
    #pragma omp atomic read
    last_read = done_count;
    printf("v %ld d %.2f flags %d %d hits %ld weight %.1f done %ld max %ld sum %ld best %ld\n",
           v, d, flags[0], flags[7], c.hits, c.weight, last_read, seen_max, old_sum, best);
    return 0;
}
