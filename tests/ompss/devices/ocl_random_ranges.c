/* Random task graphs over partially overlapping ranges of three arrays (a global, a heap
 * block, an array on main's stack), each task type with an smp and an OpenCL version
 * (implements), must equal the same calls made one after the other without tasks.
 * Ranges of different tasks overlap partly, so the device's copy of one task's output is
 * cut by later tasks' outputs on the host while other host tasks read the rest of it:
 * the shape of the cluster run that went wrong once in about 100 (a fetch of a whole
 * segment back from a device landed on what a running host task wrote), here on OpenCL
 * devices with the instances dealt to the host and the devices.  At random points the
 * program waits for one task's output (`taskwait on(b[0;n])`) and then the host updates
 * a range all of whose tasks finished (those the wait covered and what they waited for),
 * often not the one waited for, which later tasks read and write (before the fix: stale
 * on the devices, or the host's update lost).  Every value is unsigned arithmetic, the
 * same bits on every version.
 *   usage: ocl_random_ranges [SEEDS [TASKS]]   (defaults 4 300) */
#include "ompss_check.h"

#include <stdlib.h>
#include <string.h>

#define NG 2048
#define NH 3000
#define NS 1024

static void mix_body(const unsigned *a, int na, unsigned *b, int nb, unsigned id)
{
    unsigned h = id;
    for (int k = 0; k < na; k++)
        h = h * 31u + a[k];
    for (int i = 0; i < nb; i++)
        b[i] = b[i] * 3u + h + (unsigned)i;
}

static void fill_body(unsigned *b, int nb, unsigned id)
{
    for (int i = 0; i < nb; i++)
        b[i] = id * 7u + (unsigned)i;
}

#pragma omp target device(smp) copy_deps
#pragma omp task in([na]a) inout([nb]b) label(mix)
void mix(const unsigned *a, int na, unsigned *b, int nb, unsigned id);

#pragma omp target device(opencl) ndrange(1, nb, 64) file(kernels/ranges.cl) copy_deps \
    implements(mix)
#pragma omp task in([na]a) inout([nb]b)
__kernel void mix_ocl(__global const unsigned *a, int na, __global unsigned *b, int nb,
                      unsigned id);

#pragma omp target device(smp) copy_deps
#pragma omp task out([nb]b) label(fill)
void fill(unsigned *b, int nb, unsigned id);

#pragma omp target device(opencl) ndrange(1, nb, 64) file(kernels/ranges.cl) copy_deps \
    implements(fill)
#pragma omp task out([nb]b)
__kernel void fill_ocl(__global unsigned *b, int nb, unsigned id);

/* The smp versions linger after writing (about 50 us), as longer bodies would: a copy
 * back from a device that lands meanwhile on what they wrote has the time to. */
static void linger(void)
{
    volatile unsigned x = 0;
    for (int i = 0; i < 20000; i++)
        x += (unsigned)i;
}

void mix(const unsigned *a, int na, unsigned *b, int nb, unsigned id)
{
    mix_body(a, na, b, nb, id);
    linger();
}

void fill(unsigned *b, int nb, unsigned id)
{
    fill_body(b, nb, id);
    linger();
}

static unsigned long long rng;

static int draw(int n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (int)((rng >> 33) % (unsigned long long)n);
}

/* A random range of array `which` of arr (sizes in len). */
static unsigned *range(unsigned *const arr[3], const int len[3], int which, int *n)
{
    int l = 1 + draw(len[which] / 3);
    int lo = draw(len[which] - l + 1);
    *n = l;
    return arr[which] + lo;
}

/* What each call so far accessed (the oracle tracks it too: the same draws follow): its
 * read range (arr < 0: none) and its written one, and whether a wait saw it finish. */
struct span {
    int arr, lo, hi;
};
struct call {
    struct span in, out;
    int done;
};

static int meets(struct span x, struct span y)
{
    return x.arr >= 0 && x.arr == y.arr && x.lo < y.hi && y.lo < x.hi;
}

/* Calls i and j (i < j) are ordered by a dependence. */
static int ordered(const struct call *c, int i, int j)
{
    return meets(c[i].out, c[j].out) || meets(c[i].out, c[j].in) || meets(c[i].in, c[j].out);
}

/* Call j finished, and with it everything it waited for. */
static void finished(struct call *c, int j)
{
    if (c[j].done)
        return;
    c[j].done = 1;
    for (int i = 0; i < j; i++)
        if (ordered(c, i, j))
            finished(c, i);
}

/* May the host touch r after the calls [0, n)?  (All those that access it finished.) */
static int idle(const struct call *c, int n, struct span r)
{
    for (int i = 0; i < n; i++)
        if (!c[i].done && (meets(c[i].in, r) || meets(c[i].out, r)))
            return 0;
    return 1;
}

/* A taskwait on(...) of the range call `j` wrote, then a step of the host's own on a
 * range whose calls finished: often not the one waited for (before the fix its device
 * copies were stale, or the host's writes lost). */
static void wait_and_touch(unsigned *const arr[3], const int len[3], struct call *c, int n,
                           int j, unsigned id)
{
    struct span w = c[j].out;
    unsigned *p = arr[w.arr] + w.lo;
    int nw = w.hi - w.lo;
#pragma omp taskwait on(p[0;nw])
    for (int i = 0; i < n; i++)
        if (meets(c[i].in, w) || meets(c[i].out, w))
            finished(c, i);
    struct span r = w;
    for (int tries = 0; tries < 4; tries++) {
        struct span t;
        int l;
        t.arr = draw(3);
        t.lo = (int)(range(arr, len, t.arr, &l) - arr[t.arr]);
        t.hi = t.lo + l;
        if (idle(c, n, t)) {
            r = t;
            break;
        }
    }
    for (int i = r.lo; i < r.hi; i++)
        arr[r.arr][i] = arr[r.arr][i] * 5u + id;
}

/* The program's calls: as tasks, or the bodies one after the other (the oracle). */
static void program(unsigned *const arr[3], int ntasks, unsigned long long seed, int tasks)
{
    static const int len[3] = {NG, NH, NS};
    struct call *c = calloc((size_t)ntasks, sizeof *c);
    rng = seed;
    for (int id = 0; id < ntasks; id++) {
        int na, nb;
        if (id > 0 && draw(16) == 0)
            wait_and_touch(arr, len, c, id, draw(id), (unsigned)id);
        if (draw(3) == 0) {
            int wb = draw(3);
            unsigned *b = range(arr, len, wb, &nb);
            c[id].in.arr = -1;
            c[id].out = (struct span){wb, (int)(b - arr[wb]), (int)(b - arr[wb]) + nb};
            if (tasks)
                fill(b, nb, (unsigned)id);
            else
                fill_body(b, nb, (unsigned)id);
        } else {
            int wa = draw(3), wb = (wa + 1 + draw(2)) % 3;   /* a and b never overlap */
            const unsigned *a = range(arr, len, wa, &na);
            unsigned *b = range(arr, len, wb, &nb);
            c[id].in = (struct span){wa, (int)(a - arr[wa]), (int)(a - arr[wa]) + na};
            c[id].out = (struct span){wb, (int)(b - arr[wb]), (int)(b - arr[wb]) + nb};
            if (tasks)
                mix(a, na, b, nb, (unsigned)id);
            else
                mix_body(a, na, b, nb, (unsigned)id);
        }
    }
    free(c);
}

static unsigned global_arr[NG];

static void init(unsigned *const arr[3])
{
    for (int i = 0; i < NG; i++)
        arr[0][i] = (unsigned)(i % 17);
    for (int i = 0; i < NH; i++)
        arr[1][i] = (unsigned)(i % 23) * 5u;
    for (int i = 0; i < NS; i++)
        arr[2][i] = (unsigned)(i % 11) + 1u;
}

int main(int argc, char **argv)
{
    int seeds = argc > 1 ? atoi(argv[1]) : 4, ntasks = argc > 2 ? atoi(argv[2]) : 300;
    unsigned stack_arr[NS];
    unsigned *t[3] = {global_arr, malloc(NH * sizeof(unsigned)), stack_arr};
    unsigned *o[3] = {malloc(NG * sizeof(unsigned)), malloc(NH * sizeof(unsigned)),
                      malloc(NS * sizeof(unsigned))};
    static const char *const name[3] = {"global", "heap", "stack"};
    static const int len[3] = {NG, NH, NS};
    for (int s = 1; s <= seeds; s++) {
        init(t);
        init(o);
        program(t, ntasks, (unsigned long long)s, 1);
#pragma omp taskwait
        program(o, ntasks, (unsigned long long)s, 0);
        for (int k = 0; k < 3; k++) {
            int wrong = 0, first = -1;
            for (int i = 0; i < len[k]; i++)
                if (t[k][i] != o[k][i] && wrong++ == 0)
                    first = i;
            CHECK(wrong == 0, "seed %d, %s array: %d of %d elements wrong, first [%d] = %u, "
                  "expected %u", s, name[k], wrong, len[k], first, first < 0 ? 0 : t[k][first],
                  first < 0 ? 0 : o[k][first]);
        }
    }
    free(t[1]);
    for (int k = 0; k < 3; k++)
        free(o[k]);
    return result_ok();
}
