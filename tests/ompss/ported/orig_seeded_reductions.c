/* ported: openmp
 * ported-seq-libs: -lgomp
 * Declared reductions whose initializer reads omp_orig, the original's value before the
 * construct (here the identity, or a field the combiner keeps), on a worksharing loop, a
 * taskloop, a nowait loop, an orphaned loop, an array of structs, sections, the in_reduction
 * tasks and taskloop of a taskgroup and the loops of a region whose threads reach them at
 * different times: each private copy must start from the value the original had when the
 * construct (the taskgroup) began, not from what other chunks, sections, tasks or threads
 * have already combined into it. */
#include <omp.h>
#include <stdio.h>

typedef struct { long sum; long cnt; int scale; } acc_t;
typedef struct { int v[4]; } vec4;

__attribute__((unused)) static void acc_init(acc_t *priv, const acc_t *orig)
{
    priv->sum = 0;
    priv->cnt = 0;
    priv->scale = orig->scale;
}

#pragma omp declare reduction(vadd : vec4 : omp_out.v[0] += omp_in.v[0], \
        omp_out.v[1] += omp_in.v[1], omp_out.v[2] += omp_in.v[2], omp_out.v[3] += omp_in.v[3]) \
        initializer(omp_priv = omp_orig)
#pragma omp declare reduction(acc : acc_t : omp_out.sum += omp_in.sum, omp_out.cnt += omp_in.cnt) \
        initializer(acc_init(&omp_priv, &omp_orig))

#define N 2000

static double spin[64];

static vec4 r;

static void orphan_sum(const int *d)
{
    #pragma omp for reduction(vadd: r) schedule(dynamic, 16)
    for (int i = 0; i < N; i++)
        r.v[d[i] & 3] += d[i];
}

int main(void)
{
    static int d[N];
    for (int i = 0; i < N; i++)
        d[i] = (i * 37 + 11) % 101;

    vec4 a = {{0, 0, 0, 0}};
    #pragma omp parallel for reduction(vadd: a)
    for (int i = 0; i < N; i++)
        a.v[i % 4] += d[i];
    printf("for: %d %d %d %d\n", a.v[0], a.v[1], a.v[2], a.v[3]);

    acc_t s = {0, 0, 3};
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop reduction(acc: s) grainsize(50)
    for (int i = 0; i < N; i++) {
        s.sum += (long)d[i] * s.scale;
        s.cnt++;
    }
    printf("taskloop: %ld %ld %d\n", s.sum, s.cnt, s.scale);

    vec4 b = {{0, 0, 0, 0}}, c = {{0, 0, 0, 0}};
    #pragma omp parallel
    {
        #pragma omp for reduction(vadd: b) nowait schedule(static, 7)
        for (int i = 0; i < N; i++)
            b.v[(i / 3) % 4] += d[i] ^ 5;
        #pragma omp barrier
        orphan_sum(d);
        #pragma omp single
        c = r;
    }
    printf("nowait: %d %d %d %d\n", b.v[0], b.v[1], b.v[2], b.v[3]);
    printf("orphan: %d %d %d %d\n", c.v[0], c.v[1], c.v[2], c.v[3]);

    acc_t arr[3] = {{0, 0, 1}, {0, 0, 2}, {0, 0, 5}};
    #pragma omp parallel for reduction(acc: arr)
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 3; k++) {
            arr[k].sum += (long)d[(i + k) % N] * arr[k].scale;
            arr[k].cnt += k + 1;
        }
    for (int k = 0; k < 3; k++)
        printf("arr[%d]: %ld %ld %d\n", k, arr[k].sum, arr[k].cnt, arr[k].scale);

    acc_t t = {0, 0, 7};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup task_reduction(acc: t)
        for (int blk = 0; blk < 10; blk++) {
            #pragma omp task in_reduction(acc: t) firstprivate(blk)
            for (int i = blk * (N / 10); i < (blk + 1) * (N / 10); i++) {
                t.sum += (long)d[i] * t.scale;
                t.cnt++;
            }
        }
    }
    printf("taskgroup: %ld %ld %d\n", t.sum, t.cnt, t.scale);

    vec4 e = {{0, 0, 0, 0}};
    #pragma omp parallel sections reduction(vadd: e)
    {
        #pragma omp section
        e.v[0] += d[0];
        #pragma omp section
        e.v[1] += d[1];
        #pragma omp section
        e.v[2] += d[2];
        #pragma omp section
        for (int i = 0; i < N; i++)
            e.v[3] += d[i];
    }
    printf("sections: %d %d %d %d\n", e.v[0], e.v[1], e.v[2], e.v[3]);

    vec4 g = {{0, 0, 0, 0}};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup task_reduction(vadd: g)
        {
            for (int blk = 0; blk < 40; blk++) {
                #pragma omp task in_reduction(vadd: g) firstprivate(blk)
                for (int i = blk * (N / 40); i < (blk + 1) * (N / 40); i++)
                    g.v[i % 4] += d[i];
            }
            #pragma omp taskloop in_reduction(vadd: g) grainsize(100)
            for (int i = 0; i < N; i++)
                g.v[i % 4] += 1;
        }
    }
    printf("in_reduction: %d %d %d %d\n", g.v[0], g.v[1], g.v[2], g.v[3]);

    vec4 h = {{0, 0, 0, 0}}, k = {{0, 0, 0, 0}};
    #pragma omp parallel
    {
        int me = omp_get_thread_num();
        double w = 0;
        for (long i = 0; i < 400000L * (me % 4); i++)
            w += 1e-9 * (double)i;
        spin[me % 64] = w;
        #pragma omp barrier
        #pragma omp for reduction(vadd: h) nowait
        for (int i = 0; i < N; i++)
            h.v[i % 4] += d[i];
        for (long i = 0; i < 600000L * (3 - me % 4); i++)
            w += 1e-9 * (double)i;
        spin[me % 64] = w;
        #pragma omp for reduction(vadd: k) schedule(dynamic, 1)
        for (int i = 0; i < N; i++)
            k.v[i % 4] += d[i] + 1;
    }
    printf("team: %d %d %d %d / %d %d %d %d\n", h.v[0], h.v[1], h.v[2], h.v[3], k.v[0], k.v[1],
           k.v[2], k.v[3]);
    return 0;
}
