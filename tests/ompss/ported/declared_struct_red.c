/* ported: openmp
 * ported-werror
 * User-defined reductions on structs as statistics codes write them: `declare reduction`
 * whose combiner calls a function with `&omp_out, &omp_in` and whose initializer calls one
 * with `&omp_priv` (and one `omp_priv = make(&omp_orig)` reading the original), a
 * reduction on a typedef'd struct holding an array, used on `parallel for`, `taskloop`,
 * `taskgroup task_reduction` with `in_reduction` tasks and on an array of such structs;
 * the helpers only the pragmas call are `__attribute__((unused))` for the sequential build. */
#include <float.h>
#include <stdio.h>

typedef struct {
    long n;
    double sum, min, max;
    long hist[4];
} stats_t;

static void stats_init(stats_t *s)
{
    s->n = 0;
    s->sum = 0.0;
    s->min = DBL_MAX;
    s->max = -DBL_MAX;
    for (int i = 0; i < 4; i++)
        s->hist[i] = 0;
}

__attribute__((unused)) static void stats_merge(stats_t *out, const stats_t *in)
{
    out->n += in->n;
    out->sum += in->sum;
    if (in->min < out->min)
        out->min = in->min;
    if (in->max > out->max)
        out->max = in->max;
    for (int i = 0; i < 4; i++)
        out->hist[i] += in->hist[i];
}

static void stats_add(stats_t *s, double x)
{
    s->n++;
    s->sum += x;
    if (x < s->min)
        s->min = x;
    if (x > s->max)
        s->max = x;
    s->hist[(int)x % 4]++;
}

#pragma omp declare reduction(merge : stats_t : stats_merge(&omp_out, &omp_in)) \
    initializer(stats_init(&omp_priv))

struct range {
    int lo, hi;
    int tag;
};

__attribute__((unused)) static struct range range_empty(const struct range *orig)
{
    struct range r = {1 << 30, -(1 << 30), orig->tag};
    return r;
}

#pragma omp declare reduction(span : struct range : \
    omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
    omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = range_empty(&omp_orig))

static void print(const char *what, const stats_t *s)
{
    printf("%s: n %ld sum %.2f min %.2f max %.2f hist %ld %ld %ld %ld\n", what, s->n, s->sum,
           s->min, s->max, s->hist[0], s->hist[1], s->hist[2], s->hist[3]);
}

int main(void)
{
    enum { N = 5000 };
    static double v[N];
    for (int i = 0; i < N; i++)
        v[i] = (double)((i * 37) % 101) + 0.25;

    stats_t a, b, c, per[3];
    stats_init(&a);
    stats_init(&b);
    stats_init(&c);
    for (int k = 0; k < 3; k++)
        stats_init(&per[k]);
    struct range r = {1 << 30, -(1 << 30), 7};

#pragma omp parallel for reduction(merge: a) reduction(span: r)
    for (int i = 0; i < N; i++) {
        stats_add(&a, v[i]);
        if (i < r.lo)
            r.lo = i;
        if (i > r.hi)
            r.hi = i;
    }
    print("for", &a);
    printf("range %d %d tag %d\n", r.lo, r.hi, r.tag);

#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(merge: b) grainsize(300)
        for (int i = 0; i < N; i++)
            stats_add(&b, v[i] * 0.5);
#pragma omp taskgroup task_reduction(merge: c, per[0:3])
        for (int blk = 0; blk < N; blk += 400) {
#pragma omp task in_reduction(merge: c, per[0:3]) firstprivate(blk)
            for (int i = blk; i < blk + 400 && i < N; i++) {
                stats_add(&c, v[i] + 1.0);
                stats_add(&per[i % 3], v[i]);
            }
        }
    }
    print("taskloop", &b);
    print("tasks", &c);
    for (int k = 0; k < 3; k++)
        print("per", &per[k]);
    return 0;
}
