/* reduction(op: x) on tasks with every built-in operator (+ - * & | ^ && || min max),
 * on int, unsigned, long and double, combined at the taskwait. */
#include "ompss_check.h"

#define N 200

static int v[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        v[i] = (i * 37) % 101 - 20;
    long sum = 10, diff = 0;
    unsigned prod = 1, band = ~0u, bor = 0, bxor = 0;
    int all = 1, any = 0, lo = 1000, hi = -1000;
    double dsum = 0.5;
    for (int i = 0; i < N; i++) {
#pragma omp task reduction(+: sum, dsum) reduction(-: diff) reduction(*: prod)
        {
            delay(1);
            sum += v[i];
            dsum += v[i] * 0.25;
            diff -= v[i];
            prod *= (unsigned)(v[i] | 1);
        }
#pragma omp task reduction(&: band) reduction(|: bor) reduction(^: bxor)
        {
            band &= (unsigned)v[i] | 0x100u;
            bor |= (unsigned)(v[i] & 0xff);
            bxor ^= (unsigned)v[i];
        }
#pragma omp task reduction(&&: all) reduction(||: any) reduction(min: lo) reduction(max: hi)
        {
            all = all && v[i] > -21;
            any = any || v[i] == 13;
            lo = v[i] < lo ? v[i] : lo;
            hi = v[i] > hi ? v[i] : hi;
        }
    }
#pragma omp taskwait

    long rsum = 10, rdiff = 0;
    unsigned rprod = 1, rband = ~0u, rbor = 0, rbxor = 0;
    int rall = 1, rany = 0, rlo = 1000, rhi = -1000;
    double rdsum = 0.5;
    for (int i = 0; i < N; i++) {
        rsum += v[i];
        rdsum += v[i] * 0.25;
        rdiff -= v[i];
        rprod *= (unsigned)(v[i] | 1);
        rband &= (unsigned)v[i] | 0x100u;
        rbor |= (unsigned)(v[i] & 0xff);
        rbxor ^= (unsigned)v[i];
        rall = rall && v[i] > -21;
        rany = rany || v[i] == 13;
        rlo = v[i] < rlo ? v[i] : rlo;
        rhi = v[i] > rhi ? v[i] : rhi;
    }
    CHECK(sum == rsum, "+: %ld, expected %ld", sum, rsum);
    CHECK(dsum == rdsum, "+ (double): %g, expected %g", dsum, rdsum);
    CHECK(diff == rdiff, "-: %ld, expected %ld", diff, rdiff);
    CHECK(prod == rprod, "*: %u, expected %u", prod, rprod);
    CHECK(band == rband && bor == rbor && bxor == rbxor, "& | ^: %x %x %x, expected %x %x %x",
          band, bor, bxor, rband, rbor, rbxor);
    CHECK(all == rall && any == rany, "&& ||: %d %d, expected %d %d", all, any, rall, rany);
    CHECK(rany == 1 && rall == 1, "test data: expected some 13 and nothing below -20");
    CHECK(lo == rlo && hi == rhi, "min max: %d %d, expected %d %d", lo, hi, rlo, rhi);
    return result_ok();
}
