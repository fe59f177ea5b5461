/*
 * host_split.c - two host tasks use the two halves of an array a device task wrote, at the
 * same time: H1 writes the first half (out), H2 reads the second (in).  The device holds
 * the only valid copy of the whole array until H1 ends (the host's writes enter the
 * cache's directory when the task ends), so H2's fetch from the device must copy its own
 * half only: a copy of the whole array landed on the half H1 had just written (the
 * fresh-clone CI's intermittent cluster_random failures: the same fetch from another
 * rank, into a host task's output).
 *
 * The order is forced, not left to chance: H1 writes its half, then waits (up to 5 s)
 * until H2 has run; H2 also reads `tok`, written by K, which waits (up to 5 s) until H1
 * has written.  So H2's fetch comes after H1's writes, while H1 still runs.  With one
 * worker the waits time out and the tasks run one after the other (no overlap: nothing
 * to find, the program says so).
 *
 * `host_split evict` (run it with a device memory limit that holds one array, e.g.
 * --opencl-max-memory=20K): the same, but what comes while H1 runs is a device task on
 * another array, y, whose allocation evicts the array's: the eviction copies back what
 * only the device holds, and must not copy the half H1 is writing.  H2 then reads y
 * after that task.
 *
 * `host_split flush`: what comes while H1 runs is a taskwait in K, after a device task K
 * created on y: the taskwait copies back everything only a device holds, and must not
 * copy the half H1 is writing either.
 */
#include "add_one.h"

#include <stdatomic.h>
#include <time.h>

enum { N = 4096, H = N / 2 };

static atomic_int h1_wrote, h2_ran;
static bool overlapped;            /* H1 saw H2 run while it waited */
static int bad_reads;

/* Wait until *flag is set; false after 5 s. */
static bool await(atomic_int *flag)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (!atomic_load(flag)) {
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec > 5)
            return false;
        sched_yield();
    }
    return true;
}

static void h1_body(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    int *x = *(int **)p;
    for (int i = 0; i < H; i++)
        x[i] = 1000 + i;
    atomic_store(&h1_wrote, 1);
    overlapped = await(&h2_ran);
}

static bool k_flushes;
static int y[N];

static void k_body(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    await(&h1_wrote);
    if (k_flushes) {
        add_one(y, N);
        nanort_taskwait();
    }
    **(int **)p = 1;
}

static void h2_body(void *p, nanort_ctx *ctx)
{
    (void)ctx;
    int *x = *(int **)p;
    for (int i = H; i < N; i++)
        bad_reads += x[i] != i + 1;
    atomic_store(&h2_ran, 1);
}

#define SMP_TYPE(name, fn)                                                                   \
    static struct nanort_impl name##_impls[] = {{NANORT_DEVICE_SMP, fn, #name, NULL}};      \
    static struct nanort_task_type name##_type = {#name, __FILE__, 1, name##_impls, NULL}
SMP_TYPE(h1, h1_body);
SMP_TYPE(k, k_body);
SMP_TYPE(h2, h2_body);

/* A task of `type` whose argument block is `p`, with regions (mode, address, bytes). */
static void task(struct nanort_task_type *type, void *arg, int n, const unsigned *mode,
                 void *const *at, const size_t *bytes)
{
    void *p;
    nanort_task *t = nanort_task_create(type, sizeof arg, n, n, &p);
    *(void **)p = arg;
    for (int i = 0; i < n; i++)
        nanort_task_region1(t, mode[i], at[i], bytes[i]);
    nanort_task_submit(t, 0, 0);
}

int main(int argc, char **argv)
{
    nanort_opencl_source("add_one.cl", source, NULL);
    oclt_require(1);
    bool evict = argc > 1 && strcmp(argv[1], "evict") == 0;
    k_flushes = argc > 1 && strcmp(argv[1], "flush") == 0;
    static int x[N];
    static int tok;
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++)
            x[i] = i;
        atomic_store(&h1_wrote, 0);
        atomic_store(&h2_ran, 0);
        add_one(x, N);
        task(&h1_type, x, 1, (unsigned[]){NANORT_DEP_OUT}, (void *[]){x}, (size_t[]){H * sizeof *x});
        task(&k_type, &tok, 1, (unsigned[]){NANORT_DEP_OUT}, (void *[]){&tok}, (size_t[]){sizeof tok});
        for (int i = 0; i < N; i++)
            y[i] = i;
        if (evict) {
            /* y's task needs the device memory x's copy holds; H2 checks y's first half */
            nanort_task *e = add_one_create(y, N, 1);
            nanort_task_region1(e, NANORT_DEP_IN, &tok, sizeof tok);
            nanort_task_submit(e, 0, 0);
            task(&h2_type, y, 1, (unsigned[]){NANORT_DEP_IN}, (void *[]){y + H},
                 (size_t[]){H * sizeof *y});
        } else {
            task(&h2_type, x, 2, (unsigned[]){NANORT_DEP_IN, NANORT_DEP_IN},
                 (void *[]){x + H, &tok}, (size_t[]){H * sizeof *x, sizeof tok});
        }
        nanort_taskwait();
        OCLT_CHECK(bad_reads == 0, "round %d: H2 read %d wrong values of the device's half",
                   round, bad_reads);
        int lost = 0, first = -1;
        for (int i = 0; i < H; i++)
            if (x[i] != 1000 + i) {
                lost++;
                if (first < 0)
                    first = i;
            }
        OCLT_CHECK(lost == 0, "round %d: %d of H1's %d values lost (x[%d] = %d, expected %d): "
                   "%s copied the device's whole array over them", round, lost, H, first,
                   first >= 0 ? x[first] : 0, first + 1000,
                   evict ? "the eviction of its device copy"
                   : k_flushes ? "K's taskwait" : "a fetch for H2");
        for (int i = H; i < N; i++)
            OCLT_CHECK(x[i] == i + 1, "round %d: x[%d] = %d, expected %d", round, i, x[i], i + 1);
        if (evict || k_flushes)
            for (int i = 0; i < N; i++)
                OCLT_CHECK(y[i] == i + 1, "round %d: y[%d] = %d, expected %d", round, i, y[i],
                           i + 1);
        printf("round %d: %s\n", round, overlapped ? "H2 ran while H1 ran" : "no overlap");
    }
    if (evict)
        printf("evictions: %lu\n", (unsigned long)atomic_load(&nrt_spaces[1]->stats.evictions));
    printf("host_split%s: OK\n", evict ? " evict" : k_flushes ? " flush" : "");
    return 0;
}
