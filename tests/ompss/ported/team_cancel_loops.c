/* ported: openmp
 * ported-werror
 * ported-env: OMP_CANCELLATION=true
 * `cancel for` in the worksharing loops of a parallel region whose body splits work by
 * omp_get_thread_num() and waits at barriers (a team of threads runs it), run with
 * OMP_CANCELLATION unset and true: the cancel reaches the whole team's loop, not only the
 * canceller's chunks.  Iteration 0 (the first thread's first) finds the item and cancels;
 * every other iteration waits for the find (with more than one thread), then passes a
 * `cancellation point for`: with cancel-var true, an iteration that started after the
 * cancel never gets past it, on any thread; false, every one does.  Shapes: a loop in
 * the body (schedule(static)), an orphaned loop in a function the body calls
 * (schedule(static, 4): the other threads' later chunks), orphaned `sections` and
 * `sections` of the body (section 0 cancels, the others wait and pass a `cancellation
 * point sections`), a search with `cancel for if(...)`; after each, every thread passes the loop's barrier and a following loop runs
 * all its iterations (the cancel ended with the loop).  Also the orphaned loop and
 * sections called from main outside any region.  Each line says whether what ran is what cancel-var
 * (omp_get_cancellation(), 0 in the sequential build) says, so every build prints the
 * sequential program's output.  mcc cancelled only the canceller's own chunks: the other
 * threads' iterations got past their cancellation points. */
#include <stdio.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define MAXT() omp_get_max_threads()
#define CANCEL_VAR() omp_get_cancellation()
#else
#define TID() 0
#define MAXT() 1
#define CANCEL_VAR() 0
#endif

#define N 400
#define MAXTH 64

static int found, started_after, passed_after, gave_up;
static int key[N], filled[N], after_loop[MAXTH], threads_past;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Wait (at most 2 s) until the finder has found the item. */
static void wait_found(void)
{
    double t0 = now();
    while (!__atomic_load_n(&found, __ATOMIC_ACQUIRE) && now() - t0 < 2)
        ;
}

static void reset(void)
{
    found = started_after = passed_after = gave_up = threads_past = 0;
    for (int i = 0; i < N; i++)
        filled[i] = 0;
}

/* What an iteration after the find does: counted as started, then (cancel-var true)
 * waits at its cancellation point until the cancel reaches it (2 s at most, once), and
 * is counted as passed only when it got past. */
#define AFTER_FIND(point)                                                               \
    do {                                                                                \
        int after_ = __atomic_load_n(&found, __ATOMIC_ACQUIRE);                         \
        if (after_) {                                                                   \
            __atomic_fetch_add(&started_after, 1, __ATOMIC_RELAXED);                    \
            double t0_ = now();                                                         \
            while (CANCEL_VAR() && !__atomic_load_n(&gave_up, __ATOMIC_RELAXED)) {       \
                _Pragma(point)                                                          \
                if (now() - t0_ > 2)                                                    \
                    __atomic_store_n(&gave_up, 1, __ATOMIC_RELAXED);                    \
            }                                                                           \
        }                                                                               \
        _Pragma(point)                                                                  \
        if (after_)                                                                     \
            __atomic_fetch_add(&passed_after, 1, __ATOMIC_RELAXED);                     \
    } while (0)

static int as_cancel_var(void)
{
    return passed_after == (CANCEL_VAR() ? 0 : started_after);
}

/* (an orphaned loop: the team's when a member calls it) */
static void scan_chunks(int wait)
{
#pragma omp for schedule(static, 4)
    for (int i = 0; i < N; i++) {
        if (i == 0) {
            __atomic_store_n(&found, 1, __ATOMIC_RELEASE);
#pragma omp cancel for
        }
        if (wait)
            wait_found();
        AFTER_FIND("omp cancellation point for");
    }
}

/* (sections: section 0 finds and cancels, the others as the loops' iterations) */
#define LATER_SECTION()                                                                 \
    _Pragma("omp section")                                                              \
    {                                                                                   \
        if (wait)                                                                       \
            wait_found();                                                               \
        AFTER_FIND("omp cancellation point sections");                                  \
    }

static void parts(int wait)
{
#pragma omp sections
    {
#pragma omp section
        {
            __atomic_store_n(&found, 1, __ATOMIC_RELEASE);
#pragma omp cancel sections
        }
        LATER_SECTION() LATER_SECTION() LATER_SECTION() LATER_SECTION()
        LATER_SECTION() LATER_SECTION() LATER_SECTION() LATER_SECTION()
    }
}

static void fill(void)
{
#pragma omp for
    for (int i = 0; i < N; i++)
        filled[i]++;
}

static int all_filled(void)
{
    int n = 0;
    for (int i = 0; i < N; i++)
        n += filled[i] == 1;
    return n == N;
}

/* An orphaned loop or sections that the body calls, then a loop. */
static void orphaned(const char *what, int nth)
{
    int loop = what[0] == 'l';
    reset();
#pragma omp parallel
    {
        int tid = TID();
        after_loop[tid] = 0;
#pragma omp barrier
        if (loop)
            scan_chunks(nth > 1);
        else
            parts(nth > 1);
        fill();
    }
    printf("orphaned %s: %d, next loop %d\n", what, as_cancel_var(), all_filled());
}

int main(void)
{
    int nth = MAXT();
    for (int i = 0; i < N; i++)
        key[i] = (i * 37 + 11) % N;
    /* a loop of the body */
    reset();
#pragma omp parallel
    {
        int tid = TID();
        after_loop[tid] = 0;
#pragma omp barrier
#pragma omp for schedule(static)
        for (int i = 0; i < N; i++) {
            if (i == 0) {
                __atomic_store_n(&found, 1, __ATOMIC_RELEASE);
#pragma omp cancel for
            }
            if (nth > 1)
                wait_found();
            AFTER_FIND("omp cancellation point for");
        }
        after_loop[tid] = 1;
        __atomic_fetch_add(&threads_past, 1, __ATOMIC_RELAXED);
        fill();
    }
    int past = 0;
    for (int t = 0; t < MAXTH; t++)
        past += after_loop[t];
    printf("body loop: %d, barrier %d, next loop %d\n", as_cancel_var(), past == threads_past,
           all_filled());
    orphaned("loop", nth);
    orphaned("sections", nth);
    /* sections of the body */
    reset();
#pragma omp parallel
    {
        int tid = TID(), wait = nth > 1;
        after_loop[tid] = 0;
#pragma omp barrier
#pragma omp sections
        {
#pragma omp section
            {
                __atomic_store_n(&found, 1, __ATOMIC_RELEASE);
#pragma omp cancel sections
            }
            LATER_SECTION() LATER_SECTION() LATER_SECTION() LATER_SECTION()
            LATER_SECTION() LATER_SECTION()
        }
        fill();
    }
    printf("body sections: %d, next loop %d\n", as_cancel_var(), all_filled());
    /* a search: cancel for if(...) where the item is */
    int where = -1, looked = 0, stray = 0;
#pragma omp parallel
    {
        int tid = TID();
        after_loop[tid] = tid;
#pragma omp barrier
#pragma omp for
        for (int i = 0; i < N; i++) {
            __atomic_fetch_add(&looked, 1, __ATOMIC_RELAXED);
            if (key[i] == 123)
                __atomic_store_n(&where, i, __ATOMIC_RELAXED);
#pragma omp cancel for if(key[i] == 123)
            if (key[i] == 123)
                stray++;        /* (never: a cancel that took effect left the iteration) */
        }
    }
    printf("search: found at %d, looked %d, rest of the finder's iteration %d\n", where,
           CANCEL_VAR() ? looked <= N : looked == N, stray == !CANCEL_VAR());
    /* the orphaned loop outside any region */
    reset();
    scan_chunks(0);
    printf("outside: %d", as_cancel_var());
    reset();
    parts(0);
    printf(" %d\n", as_cancel_var());
    return 0;
}
