/* ported: openmp
   ported-werror
 * Combined `parallel for` loops that report who ran each iteration (the OpenMP tutorials'
 * check of a static schedule, per-thread slots of a histogram): `owner[i] =
 * omp_get_thread_num()` under schedule(static) gives thread t the t-th block, under
 * schedule(static, 3) thread (i / 3) % T; `num_threads(2)` and omp_get_num_threads() in the
 * body; a `parallel for ordered` recording the thread in its ordered region; `parallel`
 * then `for ordered` on the same loop without braces (its ordered region in a function
 * the loop calls); per-thread slots summed after the loop beside a reduction and
 * lastprivate; a region nested in the loop's body, whose single asks its team's size and
 * number (1 and 0).  mcc ran the iterations as loop tasks of a team of one: the chunks on
 * whichever worker, thread 0 in the ordered loops, a size of 1 (and, run by a team of
 * threads, the nested single took the loop's team size, 2).
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define NTH() omp_get_num_threads()
#define MAXT() omp_get_max_threads()
#define PAIR 2                      /* the threads of num_threads(2) */
#else
#define TID() 0
#define NTH() 1
#define MAXT() 1
#define PAIR 1
#endif

#define N 40
#define MAXTHR 64
static int owner[N], seen[N], nseen, size[N];
static long slot[MAXTHR];

/* the ordered region of an iteration, in a function its loop calls */
static void record(int i)
{
#pragma omp ordered
    {
        owner[i] = TID();
        seen[nseen++] = i;
    }
}

/* schedule(static): T blocks, the first N % T one larger, block t to thread t */
static int block_owner(int i, int nth)
{
    int q = N / nth, r = N % nth, big = r * (q + 1);
    return i < big ? i / (q + 1) : r + (i - big) / q;
}

static int check_blocks(int nth)
{
    int ok = 1;
    for (int i = 0; i < N; i++)
        ok &= owner[i] == block_owner(i, nth);
    return ok;
}

static int check_chunks(int nth, int chunk, int ordered)
{
    int ok = !ordered || nseen == N;
    for (int i = 0; i < N; i++)
        ok &= owner[i] == (i / chunk) % nth && (!ordered || seen[i] == i);
    nseen = 0;
    return ok;
}

int main(void)
{
    int nth = MAXT();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < N; i++)
        owner[i] = TID();
    printf("static: %d\n", check_blocks(nth));
#pragma omp parallel for schedule(static, 3)
    for (int i = 0; i < N; i++)
        owner[i] = TID();
    printf("static, 3: %d\n", check_chunks(nth, 3, 0));
    int two = nth < 2 ? nth : 2;
#pragma omp parallel for schedule(static) num_threads(two)
    for (int i = 0; i < N; i++) {
        owner[i] = TID();
        size[i] = NTH();
    }
    int sizes = 1;
    for (int i = 0; i < N; i++)
        sizes &= size[i] == two;
    printf("num_threads: %d %d\n", check_blocks(two), sizes);
#pragma omp parallel for ordered schedule(static, 1)
    for (int i = 0; i < N; i++) {
#pragma omp ordered
        {
            owner[i] = TID();
            seen[nseen++] = i;
        }
    }
    printf("ordered static, 1: %d\n", check_chunks(nth, 1, 1));
#pragma omp parallel
#pragma omp for ordered schedule(static, 2)
    for (int i = 0; i < N; i++)
        record(i);
    printf("parallel, for ordered static, 2: %d\n", check_chunks(nth, 2, 1));
    /* a region nested in the loop's body (nesting inactive: a team of one), whose single
       asks its size and number */
    int inner_ok = 1;
#pragma omp parallel for schedule(static) num_threads(2) reduction(&&: inner_ok)
    for (int i = 0; i < N; i++) {
        int in = -1;
#pragma omp parallel num_threads(2)
        {
#pragma omp single
            in = NTH() * 10 + TID();
        }
        owner[i] = TID();
        inner_ok = inner_ok && in == 10;
    }
    printf("nested in the loop: %d %d\n", check_blocks(PAIR), inner_ok);
    long sum = 0;
    int last = -1;
#pragma omp parallel for schedule(static, 4) reduction(+: sum) lastprivate(last)
    for (int i = 0; i < N; i++) {
        slot[TID()] += i;
        sum += i;
        last = i;
    }
    long slots = 0;
    int right = 1;
    for (int t = 0; t < MAXTHR; t++) {
        long want = 0;
        for (int i = 0; i < N; i++)
            want += (i / 4) % nth == t ? i : 0;
        right &= slot[t] == want;
        slots += slot[t];
    }
    printf("slots: %d, %ld = %ld, last %d\n", right, slots, sum, last);
    return 0;
}
