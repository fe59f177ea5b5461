/* OmpSs-2 (`#pragma oss`) tasks run as tasks with OmpSs-2's meaning: in/out/inout and
 * depend(type: l) with OmpSs-2's types, a[lo:hi] (hi INCLUSIVE, in depend(...) too) and
 * a[lo;n] sections, weak dependences (run as strong ones), commutative, concurrent with
 * atomic, reduction (also a declared one), priority, label, if, final, cost, taskwait
 * on(l) and in(l), critical, taskyield, a function task, a taskloop that does not wait
 * (OmpSs-2), and `wait` (the body's locals stay alive for its subtasks).  Built by gcc the
 * pragmas are ignored: the same answer. */
#include "ompss_check.h"

enum { N = 64 };
static int a[N], b[N], c[N], total, sum, hits;
static unsigned order;

#pragma oss task in(src[0;n]) out(dst[0;n]) label("scale")
static void scale(int n, const int *src, int *dst, int k)
{
    delay(SLOW / 4);
    for (int i = 0; i < n; i++)
        dst[i] = src[i] * k;
}

static void sections(void)
{
    /* a[0:15] covers a[15]: the reader of a[15] waits for the slow writer */
#pragma oss task out(a[0:15])
    {
        delay(SLOW);
        for (int i = 0; i <= 15; i++)
            a[i] = 100 + i;
    }
#pragma oss task in(a[15]) out(b[15])
    b[15] = a[15];
    /* the same in depend(): OmpSs-2's depend(in: l) is in(l), not OpenMP's lower bound
     * and length (c[0:15] would then end at c[14]) */
#pragma oss task depend(out: c[0:15])
    {
        delay(SLOW);
        for (int i = 0; i <= 15; i++)
            c[i] = 100 + i;
    }
#pragma oss task depend(in: c[15]) depend(out: b[31])
    b[31] = c[15] + 16;
    /* a[lo;n]: n elements */
#pragma oss task out(a[32;32])
    {
        delay(SLOW);
        for (int i = 32; i < 64; i++)
            a[i] = 100 + i;
    }
#pragma oss task in(a[63]) out(b[63])
    b[63] = a[63];
#pragma oss taskwait
    CHECK(b[15] == 115 && b[31] == 131 && b[63] == 163,
          "b[15] = %d, b[31] = %d, b[63] = %d: a section's last element was not covered",
          b[15], b[31], b[63]);
}

/* weakinout: the task only creates subtasks; its own order is the strong one */
static void weak(void)
{
    int want = 0;
    for (int i = 0; i < N; i++)
        want += a[i] + 1;
#pragma oss task weakinout(a[0;N]) depend(weakin: total) weakout(sum)
    {
#pragma oss task inout(a[0;N])
        {
            delay(SLOW);
            for (int i = 0; i < N; i++)
                a[i] += 1;
        }
#pragma oss task in(a[0;N]) out(sum)
        {
            int s = 0;
            for (int i = 0; i < N; i++)
                s += a[i];
            sum = s;
        }
    }
#pragma oss task in(sum) out(total)
    total = sum;
#pragma oss taskwait on(total)
    CHECK(total == want, "total = %d, want %d: weak dependences did not order", total, want);
}

typedef struct { int lo, hi; } span;
#pragma oss declare reduction(widen: span: omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo \
    : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = (span){1000, -1000})

static void kinds(void)
{
    span sp = {1000, -1000};
    for (int k = 3; k < 13; k++) {
#pragma oss task reduction(widen: sp)
        {
            if (k < sp.lo)
                sp.lo = k;
            if (k > sp.hi)
                sp.hi = k;
        }
    }
#pragma oss taskwait
    CHECK(sp.lo == 3 && sp.hi == 12, "sp = %d..%d: the declared reduction", sp.lo, sp.hi);
    for (unsigned k = 1; k <= 8; k++) {
#pragma oss task commutative(order) priority(k) cost(k * 2)
        order += k;     /* one at a time, in any order */
    }
    for (int k = 0; k < 8; k++) {
#pragma oss task depend(concurrent: hits) if(k % 2) final(k == 4)
        {
#pragma oss atomic
            hits += 2;
        }
    }
    int r = 0;
    for (int k = 1; k <= 10; k++) {
#pragma oss task reduction(+: r) firstprivate(k)
        r += k;
    }
#pragma oss taskwait in(order) in(hits)
#pragma oss taskwait
    CHECK(order == 36 && hits == 16 && r == 55, "order %u hits %d r %d", order, hits, r);
    int c = 0;
    for (int k = 0; k < 16; k++) {
#pragma oss task shared(c)
        {
#pragma oss critical (count)
            c++;
#pragma oss taskyield
        }
    }
#pragma oss taskwait
    CHECK(c == 16, "c = %d", c);
}

/* `wait`: the task's subtasks use a local of its body, alive until they finished (the
 * body returns only then; without it the frame would be gone and reused) */
static int res[4];

static void clobber(void)
{
    volatile int junk[64];
    for (int i = 0; i < 64; i++)
        junk[i] = -1;
    (void)junk[0];
}

static void wait_clause(void)
{
#pragma oss task wait out(res[0;4])
    {
        volatile int local = 7;
        for (int i = 0; i < 4; i++) {
#pragma oss task shared(local) out(res[i])
            {
                delay(SLOW / 4);
                res[i] = local + i;
            }
        }
    }
    for (int k = 0; k < 4; k++) {
#pragma oss task
        clobber();
    }
#pragma oss task in(res[0;4])
    CHECK(res[0] == 7 && res[3] == 10, "res = %d %d: a subtask read a dead local", res[0], res[3]);
#pragma oss taskwait
}

int main(void)
{
    int x = 1;
#pragma oss task
    x++;            /* firstprivate: the task has a copy */
#pragma oss taskwait
    CHECK(x == IF_OMPSS(1, 2), "x = %d: the task did not get a copy (pragma ignored?)", x);
    sections();
    weak();
    kinds();
    wait_clause();
    static int src[N], dst[N];
    for (int i = 0; i < N; i++)
        src[i] = i;
    scale(N, src, dst, 3);
#pragma oss task in(dst[N - 1])
    CHECK(dst[N - 1] == 3 * (N - 1), "the function task's out(dst[0;n]) did not order");
    /* OmpSs-2's taskloop does not wait: the taskwait does */
    static int t[1000];
#pragma oss taskloop grainsize(100)
    for (int i = 0; i < 1000; i++)
        t[i] = 2 * i;
#pragma oss taskwait
    for (int i = 0; i < 1000; i++)
        CHECK(t[i] == 2 * i, "t[%d] = %d", i, t[i]);
    return result_ok();
}
