/* User-defined reductions (declare reduction) with an initializer: a struct merged by
 * a function, the same with an initializer list (`omp_priv = { ... }`, an initialization
 * in OpenMP), and an operator on unsigned given as an expression. */
#include "ompss_check.h"

#define N 150

struct stat {
    long n, sum, max;
};

static void stat_merge(struct stat *out, const struct stat *in)
{
    out->n += in->n;
    out->sum += in->sum;
    if (in->max > out->max)
        out->max = in->max;
}

static void stat_init(struct stat *s)
{
    s->n = 0;
    s->sum = 0;
    s->max = -1;
}

#pragma omp declare reduction(merge : struct stat : stat_merge(&omp_out, &omp_in)) \
    initializer(stat_init(&omp_priv))
#pragma omp declare reduction(mergel : struct stat : stat_merge(&omp_out, &omp_in)) \
    initializer(omp_priv = { 0, 0, -1 })
#pragma omp declare reduction(mulodd : unsigned : omp_out = omp_out * omp_in) \
    initializer(omp_priv = 1u)

int main(void)
{
    struct stat st, sl;
    stat_init(&st);
    stat_init(&sl);
    unsigned m = 3;
    for (long i = 0; i < N; i++) {
#pragma omp task reduction(merge: st) reduction(mergel: sl) reduction(mulodd: m)
        {
            delay(1);
            long x = (i * 7919) % 1000;
            st.n++;
            st.sum += x;
            if (x > st.max)
                st.max = x;
            sl.n++;
            sl.sum += x;
            if (x > sl.max)
                sl.max = x;
            m *= (unsigned)(2 * x + 1);
        }
    }
#pragma omp taskwait

    struct stat r;
    stat_init(&r);
    unsigned rm = 3;
    for (long i = 0; i < N; i++) {
        long x = (i * 7919) % 1000;
        r.n++;
        r.sum += x;
        r.max = x > r.max ? x : r.max;
        rm *= (unsigned)(2 * x + 1);
    }
    CHECK(st.n == r.n && st.sum == r.sum && st.max == r.max, "merge: %ld %ld %ld, expected %ld %ld %ld",
          st.n, st.sum, st.max, r.n, r.sum, r.max);
    CHECK(sl.n == r.n && sl.sum == r.sum && sl.max == r.max, "mergel: %ld %ld %ld, expected "
          "%ld %ld %ld", sl.n, sl.sum, sl.max, r.n, r.sum, r.max);
    CHECK(m == rm, "mulodd: %u, expected %u", m, rm);
    return result_ok();
}
