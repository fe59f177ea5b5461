/* ported: openmp
   ported-werror
 * Worksharing loops in parallel regions whose code also splits work by the thread number,
 * as Rodinia's kmeans and hand-written OpenMP kernels are: each thread of the team runs its
 * share of the `for`'s iterations, with its own private variables and thread number;
 * - kmeans: per-thread partial sums indexed by `tid = omp_get_thread_num()` in a
 *   `for schedule(static) reduction(+:delta)`, combined after the region, in a loop until
 *   nothing moves;
 * - phases: a split by thread number, a barrier, then a `for` reading what every thread
 *   wrote, a thread's own accumulator added under critical;
 * - a `for schedule(static) nowait` writing a[i] and a second `for schedule(static)` of as
 *   many iterations reading a[i] (the same thread has the same iterations);
 * - lastprivate, firstprivate, schedule(static, 3), schedule(dynamic), collapse(2);
 * - omp_get_thread_num() called in the loop's body (a histogram per thread);
 * - a single between two loops, a task created in a loop's body and waited for there;
 * - code before the loop that writes what the team shares (a counter under atomic; a flag
 *   per thread, `done[id] = 0` before the loop and 1 after it);
 * - `sections` in such a body: each section run by one thread, a thread's own sum of the
 *   sections it ran added under critical, a lastprivate, the sections' barrier.
 * mcc ran the kmeans loop as one task (the partial sums indexed by tid), and the others
 * on a team of one with a warning (a `for` in a body whose threads wait for each other, or
 * after code writing shared data; `sections`); now a team of threads runs the body and
 * shares the loops and sections (nanort_team_chunk).
 */
#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#define MAXT() omp_get_max_threads()
#define TID() omp_get_thread_num()
#define NTH() omp_get_num_threads()
#else
#define MAXT() 1
#define TID() 0
#define NTH() 1
#endif

#define NPTS 2000
#define NC 4
#define MAXTH 64

static float pts[NPTS][2];
static float cent[NC][2];
static int member[NPTS];
static int plen[MAXTH][NC];
static float psum[MAXTH][NC][2];

static int nearest(const float *p)
{
    int best = 0;
    float bd = 1e30f;
    for (int c = 0; c < NC; c++) {
        float dx = p[0] - cent[c][0], dy = p[1] - cent[c][1], d = dx * dx + dy * dy;
        if (d < bd) {
            bd = d;
            best = c;
        }
    }
    return best;
}

static int kmeans(void)
{
    int nthreads = MAXT(), loops = 0, i;
    float delta;
    for (i = 0; i < NPTS; i++) {
        pts[i][0] = (float)((i * 37) % 101);
        pts[i][1] = (float)((i * 53) % 97);
        member[i] = -1;
    }
    for (int c = 0; c < NC; c++) {
        cent[c][0] = pts[c * 7][0];
        cent[c][1] = pts[c * 7][1];
    }
    do {
        delta = 0;
#pragma omp parallel shared(pts, cent, member, plen, psum)
        {
            int tid = TID();
#pragma omp for private(i) firstprivate(nthreads) schedule(static) reduction(+:delta)
            for (i = 0; i < NPTS; i++) {
                int idx = nearest(pts[i]);
                if (member[i] != idx)
                    delta += 1.0f;
                member[i] = idx;
                plen[tid][idx]++;
                psum[tid][idx][0] += pts[i][0];
                psum[tid][idx][1] += pts[i][1];
            }
        }
        for (int c = 0; c < NC; c++) {
            int n = 0;
            float sx = 0, sy = 0;
            for (int t = 0; t < nthreads; t++) {
                n += plen[t][c];
                sx += psum[t][c][0];
                sy += psum[t][c][1];
                plen[t][c] = 0;
                psum[t][c][0] = psum[t][c][1] = 0;
            }
            if (n) {
                cent[c][0] = sx / n;
                cent[c][1] = sy / n;
            }
        }
    } while (delta > 0 && ++loops < 40);
    return loops;
}

#define N 3000
static double a[N], c[N];
static long hist[MAXTH][8];

static double phases(void)
{
    double total = 0;
#pragma omp parallel
    {
        int id = TID(), np = NTH();
        for (int i = id; i < N; i += np)
            a[i] = i % 17;
#pragma omp barrier
        double mine = 0;
#pragma omp for
        for (int i = 0; i < N; i++)
            mine += a[N - 1 - i] * (i % 3);
#pragma omp critical
        total += mine;
    }
    return total;
}

static double nowait_chain(void)
{
    double s = 0;
#pragma omp parallel
    {
        int id = TID();
        (void)id;
#pragma omp for schedule(static) nowait
        for (int i = 0; i < N; i++)
            a[i] = i * 0.5;
#pragma omp for schedule(static) reduction(+:s)
        for (int i = 0; i < N; i++)
            s += a[i] * 2;      /* this thread's own a[i], written just before */
    }
    return s;
}

static void clauses(int *last_i, double *last_v, long *chunked, long *dyn, double *grid)
{
    int i, li = -1;
    double v = 0, base = 1.5;
    long ch = 0, dy = 0;
    double g = 0;
#pragma omp parallel
    {
        int me = TID();
        long my_ch = 0, my_dy = 0;
#pragma omp for lastprivate(li, v) firstprivate(base)
        for (i = 0; i < N; i++) {
            li = i;
            v = base * i + me * 0;
        }
#pragma omp single
        *last_v = v;            /* (the thread that ran the last iteration: any one) */
#pragma omp for schedule(static, 3)
        for (i = 0; i < N; i++)
            my_ch += i % 5;
#pragma omp for schedule(dynamic)
        for (i = 0; i < N; i++)
            my_dy += i % 7;
#pragma omp atomic
        ch += my_ch;
#pragma omp atomic
        dy += my_dy;
#pragma omp for collapse(2) reduction(+:g)
        for (int x = 0; x < 40; x++)
            for (int y = 0; y < 30; y++)
                g += x * 0.25 + y + me * 0;
    }
    (void)v;
    *last_i = li;
    *chunked = ch;
    *dyn = dy;
    *grid = g;
}

static long histogram(void)
{
    memset(hist, 0, sizeof hist);
    long count = 0;
#pragma omp parallel
    {
        int id = TID();
#pragma omp atomic
        count += id >= 0;       /* code before the loop that writes what the team shares */
#pragma omp for
        for (int i = 0; i < N; i++)
            hist[TID()][i % 8]++;
#pragma omp single
        {
            for (int t = 1; t < MAXTH; t++)
                for (int k = 0; k < 8; k++)
                    hist[0][k] += hist[t][k];
        }
#pragma omp for
        for (int i = 0; i < N; i++) {
            double x = 0;
#pragma omp task shared(x) firstprivate(i)
            x = i * 2.0;
#pragma omp taskwait
            c[i] = x + hist[0][i % 8];
        }
    }
    long s = 0;
    for (int k = 0; k < 8; k++)
        s += hist[0][k] * (k + 1);
    return s + (count > 0);
}

static int done[MAXTH];

static int flags(void)
{
    int set = 0;
#pragma omp parallel reduction(+:set)
    {
        int id = TID();
        done[id] = 0;
#pragma omp for
        for (int i = 0; i < N; i++)
            a[i] = 2.0 * i;
        done[id] = 1;
#pragma omp barrier
        set += done[id] == 1;
    }
    int all = 0;
    for (int t = 0; t < MAXTH; t++)
        all += done[t];
    return all == set;
}

static double sections(int *last)
{
    double total = 0;
    int lp = -1;
#pragma omp parallel
    {
        int id = TID();
        double mine = 0;
#pragma omp sections lastprivate(lp)
        {
#pragma omp section
            { mine += 1 + id * 0; lp = 1; }
#pragma omp section
            { mine += 20; lp = 2; }
#pragma omp section
            { mine += 300; lp = 3; }
#pragma omp section
            { mine += 4000; lp = 4; }
#pragma omp section
            { mine += 50000; lp = 5; }
        }
#pragma omp critical
        total += mine;
    }
    *last = lp;
    return total;
}

int main(void)
{
    int loops = kmeans();
    printf("kmeans: %d loops, centres %.2f %.2f %.2f %.2f\n", loops, cent[0][0], cent[1][1],
           cent[2][0], cent[3][1]);
    printf("phases: %.1f\n", phases());
    printf("nowait: %.1f\n", nowait_chain());
    int li;
    double lv, grid;
    long ch, dy;
    clauses(&li, &lv, &ch, &dy, &grid);
    printf("clauses: last %d %.1f static3 %ld dynamic %ld grid %.2f\n", li, lv, ch, dy, grid);
    long h = histogram();
    double cs = 0;
    for (int i = 0; i < N; i++)
        cs += c[i];
    printf("histogram: %ld c %.1f\n", h, cs);
    int fl = flags();
    printf("flags: %d a[N-1] %.1f\n", fl, a[N - 1]);
    int lp;
    double st = sections(&lp);
    printf("sections: %.1f last %d\n", st, lp);
    return 0;
}
