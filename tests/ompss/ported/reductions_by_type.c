/* ported: openmp
 * One reduction identifier declared for several types, as OpenMP selects it: by the
 * identifier and the list item's type, the innermost visible declaration first.  `pick`
 * keeps the largest int, the smallest double, the widest struct range and (through a
 * typedef) the largest long long; `acc` sums at file scope, multiplies inside scaled(),
 * whose declaration must not reach sum_all() after it, and is redeclared for double (a
 * maximum) in an inner block of sum_all() without hiding the int one; `+` and `max` are
 * declared for the struct, and an int beside it keeps the built-in ones.  On a parallel
 * for, a taskloop, a parallel region and task reductions of a taskgroup.  Prints every
 * result. */
#include <limits.h>
#include <stdio.h>

#define N 2000

struct range {
    int lo, hi;
};

typedef long long wide_t;

#pragma omp declare reduction(pick : int : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = INT_MIN)
#pragma omp declare reduction(pick : double : omp_out = omp_in < omp_out ? omp_in : omp_out) \
    initializer(omp_priv = 1e300)
#pragma omp declare reduction(pick : struct range : omp_out = \
    omp_in.hi - omp_in.lo > omp_out.hi - omp_out.lo ? omp_in : omp_out) \
    initializer(omp_priv = (struct range){0, 0})
#pragma omp declare reduction(pick : wide_t : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = LLONG_MIN)
#pragma omp declare reduction(acc : int : omp_out += omp_in) initializer(omp_priv = 0)
/* operators may be declared for structs; arithmetic types keep the built-in ones */
#pragma omp declare reduction(+ : struct range : omp_out.lo += omp_in.lo, omp_out.hi += omp_in.hi) \
    initializer(omp_priv = (struct range){0, 0})
#pragma omp declare reduction(max : struct range : \
    omp_out = omp_in.hi > omp_out.hi ? omp_in : omp_out) initializer(omp_priv = omp_orig)

static int value(int i)
{
    return (int)((i * 7919u) % 1009u) - 500;
}

static int scaled(int n)
{
#pragma omp declare reduction(acc : int : omp_out *= omp_in) initializer(omp_priv = 1)
    int p = 1;
#pragma omp parallel for reduction(acc : p)
    for (int i = 1; i <= n; i++)
        p *= i;
    return p;
}

static void sum_all(int *si, double *sd)
{
    int s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(acc : s) grainsize(50)
    for (int i = 0; i < N; i++)
        s += value(i);
    {
#pragma omp declare reduction(acc : double : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = -1e300)
        double d = -1e300;
        int t = 0;
#pragma omp parallel for reduction(acc : d, t)
        for (int i = 0; i < N; i++) {
            d = value(i) * 0.5 > d ? value(i) * 0.5 : d;
            t += 1;
        }
        *sd = d;
        s += t;
    }
    *si = s;
}

int main(void)
{
    int mx = INT_MIN, tmx = INT_MIN;
    double mn = 1e300, rmn = 1e300;
    struct range widest = {0, 0};
    wide_t big = LLONG_MIN;
#pragma omp parallel for reduction(pick : mx, mn, widest, big)
    for (int i = 0; i < N; i++) {
        int v = value(i);
        mx = v > mx ? v : mx;
        mn = v * 0.25 < mn ? v * 0.25 : mn;
        struct range r = {v, v + (i * 37) % 101};
        if (r.hi - r.lo > widest.hi - widest.lo)
            widest = r;
        big = (wide_t)v * 1000003 > big ? (wide_t)v * 1000003 : big;
    }
#pragma omp parallel reduction(pick : rmn)
    rmn = -1.5 < rmn ? -1.5 : rmn;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(pick : tmx)
    for (int i = 0; i < N; i += 100) {
#pragma omp task in_reduction(pick : tmx) firstprivate(i)
        for (int k = i; k < i + 100; k++)
            tmx = value(k) + 1 > tmx ? value(k) + 1 : tmx;
    }
    struct range total = {0, 0}, top = {0, -1000};
    int isum = 0, imax = -1000;
#pragma omp parallel for reduction(+ : total, isum) reduction(max : top, imax)
    for (int i = 0; i < N; i++) {
        struct range r = {i, value(i) * 8 + i % 8};     /* (no two his alike) */
        total.lo += r.lo;
        total.hi += r.hi;
        isum += r.lo;
        if (r.hi > top.hi)
            top = r;
        imax = r.hi > imax ? r.hi : imax;
    }
    int si;
    double sd;
    sum_all(&si, &sd);
    printf("pick int %d double %.2f range %d wide %lld region %.2f tasks %d\n", mx, mn,
           widest.hi - widest.lo, big, rmn, tmx);
    printf("acc scaled %d sum %d double %.2f\n", scaled(10), si, sd);
    printf("operators: + %d %d (int %d), max %d %d (int %d)\n", total.lo, total.hi, isum,
           top.lo, top.hi, imax);
    return 0;
}
