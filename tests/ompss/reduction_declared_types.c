/* One reduction name declared for several types and in several scopes, as OpenMP allows:
 * the declaration that applies to an item is the innermost visible one declared for the
 * item's type.  `best` keeps the largest int, the smallest double and the longest range
 * (struct span), the longest `long long` through a typedef; `comb` sums at file scope and
 * multiplies inside product(), whose declaration must not reach total() after it.  Each
 * body does what its item's reduction does, so the sequential program gives the same
 * answers.  mcc took the newest declaration of a name for every item (the double's for
 * the int, product()'s for total()): wrong results without a message, or "sorry" when
 * the name had a struct's declaration and an arithmetic type's. */
#include "ompss_check.h"

#include <limits.h>

#define N 120

struct span {
    int lo, hi;
};

typedef long long big;

#pragma omp declare reduction(best : int : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = INT_MIN)
#pragma omp declare reduction(best : double : omp_out = omp_in < omp_out ? omp_in : omp_out) \
    initializer(omp_priv = 1e300)
#pragma omp declare reduction(best : struct span : omp_out = \
    omp_in.hi - omp_in.lo > omp_out.hi - omp_out.lo ? omp_in : omp_out) \
    initializer(omp_priv = (struct span){ 0, 0 })
#pragma omp declare reduction(best : big : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = LLONG_MIN)
#pragma omp declare reduction(comb : int : omp_out += omp_in) initializer(omp_priv = 0)

static int value(int i)
{
    return (i * 7919) % 1009 - 500;
}

static struct span span_of(int i)
{
    return (struct span){ value(i), value(i) + (i * 37) % 101 };
}

static int product(int n)
{
#pragma omp declare reduction(comb : int : omp_out *= omp_in) initializer(omp_priv = 1)
    int p = 1;
    for (int i = 1; i <= n; i++) {
#pragma omp task reduction(comb : p)
        p *= i;
    }
#pragma omp taskwait
    return p;
}

static int total(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
#pragma omp task reduction(comb : s)
        {
            delay(1);
            s += value(i);
        }
    }
#pragma omp taskwait
    return s;
}

/* A function task: the reduction is on what its pointer parameters point to. */
#pragma omp task reduction(best : *mx, *mn)
static void both(int i, int *mx, double *mn)
{
    delay(1);
    *mx = value(i) > *mx ? value(i) : *mx;
    *mn = value(i) * 0.25 < *mn ? value(i) * 0.25 : *mn;
}

int main(void)
{
    int mx = INT_MIN, fmx = INT_MIN;
    double mn = 1e300, fmn = 1e300;
    struct span wide = { 0, 0 };
    big bg = LLONG_MIN;
    int arr[3] = { INT_MIN, INT_MIN, INT_MIN };
    for (int i = 0; i < N; i++) {
#pragma omp task reduction(best : mx, mn, wide, bg, arr)
        {
            delay(1);
            mx = value(i) > mx ? value(i) : mx;
            mn = value(i) * 0.5 < mn ? value(i) * 0.5 : mn;
            struct span s = span_of(i);
            if (s.hi - s.lo > wide.hi - wide.lo)
                wide = s;
            bg = (big)value(i) * 1000003 > bg ? (big)value(i) * 1000003 : bg;
            arr[i % 3] = value(i) > arr[i % 3] ? value(i) : arr[i % 3];
        }
        both(i, &fmx, &fmn);
    }
#pragma omp taskwait

    int rmx = INT_MIN, rarr[3] = { INT_MIN, INT_MIN, INT_MIN };
    double rmn = 1e300, rfmn = 1e300;
    struct span rwide = { 0, 0 };
    big rbg = LLONG_MIN;
    int rs = 0;
    for (int i = 0; i < N; i++) {
        rmx = value(i) > rmx ? value(i) : rmx;
        rmn = value(i) * 0.5 < rmn ? value(i) * 0.5 : rmn;
        rfmn = value(i) * 0.25 < rfmn ? value(i) * 0.25 : rfmn;
        struct span s = span_of(i);
        if (s.hi - s.lo > rwide.hi - rwide.lo)
            rwide = s;
        rbg = (big)value(i) * 1000003 > rbg ? (big)value(i) * 1000003 : rbg;
        rarr[i % 3] = value(i) > rarr[i % 3] ? value(i) : rarr[i % 3];
        rs += value(i);
    }
    CHECK(mx == rmx, "best (int): %d, expected %d", mx, rmx);
    CHECK(mn == rmn, "best (double): %g, expected %g", mn, rmn);
    CHECK(wide.hi - wide.lo == rwide.hi - rwide.lo, "best (struct span): width %d, expected %d",
          wide.hi - wide.lo, rwide.hi - rwide.lo);
    CHECK(bg == rbg, "best (big): %lld, expected %lld", bg, rbg);
    for (int k = 0; k < 3; k++)
        CHECK(arr[k] == rarr[k], "best (int[3]) [%d]: %d, expected %d", k, arr[k], rarr[k]);
    CHECK(fmx == rmx && fmn == rfmn, "function task: %d %g, expected %d %g", fmx, fmn, rmx, rfmn);
    CHECK(product(10) == 3628800, "comb in product(): %d, expected 3628800", product(10));
    int t = total(N);
    CHECK(t == rs, "comb in total(): %d, expected %d", t, rs);
    return result_ok();
}
