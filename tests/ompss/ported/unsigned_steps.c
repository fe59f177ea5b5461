/* ported-werror
 * Unsigned loop counters as hashing and bit-twiddling codes write them: counting down by
 * an unsigned step (`u -= 1000000000u`, `u -= STRIDE` with `#define STRIDE 7u`,
 * `u = u - st` with an unsigned st), and 64-bit counters whose values pass 2^63 (a
 * `uint64_t` key space walked in strides of 2^60, a `size_t` window around 2^63, going
 * down from UINT64_MAX), under `parallel for`, `for` in a region, `taskloop` (with
 * grainsize and collapse(2)) and lastprivate of the counter.
 * mcc negated an unsigned step in its own type (a huge step up: no iteration), and
 * compared 64-bit bounds on either side of 2^63 as long long (no iteration either).
 * gcc 12 -fopenmp runs no iteration for the first form too, so the sequential program is
 * the only oracle here.  Prints every sum. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#define STRIDE 7u
#define TOP (1ull << 63)

static unsigned long long mix(unsigned long long k)
{
    k ^= k >> 29;
    k *= 0xbf58476d1ce4e5b9ull;
    return k ^ (k >> 32);
}

int main(void)
{
    unsigned st = 1000000000u;
    long n1 = 0, n2 = 0, n3 = 0, n4 = 0, n5 = 0, n6 = 0;
    unsigned long long h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    unsigned last = 0;
    uint64_t klast = 0;

    #pragma omp parallel for reduction(+: n1)
    for (unsigned u = 4000000000u; u > 10; u -= 1000000000u)
        n1 += u / 1000000u;
    #pragma omp parallel for reduction(+: n2) lastprivate(last)
    for (last = 100; last > 10; last -= STRIDE)
        n2 += last;
    #pragma omp parallel
    {
        #pragma omp for reduction(+: n3) schedule(dynamic, 2)
        for (unsigned u = 4000000000u; u >= 10; u = u - st)
            n3 += u / 1000000u;
        #pragma omp for reduction(^: h1)
        for (uint64_t k = 0; k < TOP + 10; k += 1ull << 60)
            h1 ^= mix(k);
    }
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+: n4) grainsize(2)
        for (unsigned long u = 1000; u > 3; u -= 9ul)
            n4 += (long)u;
        #pragma omp taskloop reduction(+: n5) collapse(2)
        for (unsigned i = 50; i > 0; i -= 5u)
            for (unsigned j = 0; j < 4; j++)
                n5 += i + j;
        #pragma omp taskloop reduction(^: h2) lastprivate(klast) grainsize(3)
        for (klast = TOP - 10; klast < TOP + 10; klast += 3)
            h2 ^= mix(klast);
        #pragma omp taskloop reduction(^: h3) reduction(+: n6)
        for (size_t z = UINT64_MAX; z > (1ull << 61); z -= 1ull << 61) {
            h3 ^= mix(z);
            n6++;
        }
    }
    #pragma omp parallel for reduction(+: h4) collapse(2)
    for (uint64_t a = TOP - 2; a <= TOP + 1; a++)
        for (uint64_t b = TOP + 5; b > TOP - 5; b -= 2u)
            h4 += mix(a) >> 8 ^ mix(b) >> 8;
    printf("%ld %ld %ld %ld %ld %ld last=%u\n", n1, n2, n3, n4, n5, n6, last);
    printf("%llx %llx %llx %llx klast-top=%llu\n", h1, h2, h3, h4,
           (unsigned long long)(klast - TOP));
    return 0;
}
