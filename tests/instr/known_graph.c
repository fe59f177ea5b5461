/*
 * known_graph.c - a C-API program whose task graph is known exactly, for the --trace and
 * --graph tests (check_trace.py / check_graph.py compare against these numbers):
 *
 *   gate     out(b[0..3], total)       1 task that waits until main submitted the others,
 *                                      so that every edge below is made (none of its
 *                                      predecessors can have finished already)
 *   init[i]  out(b[i])                 4 tasks, 4 output edges gate -> init[i]
 *   scale[i] inout(b[i])               4 tasks, 4 true edges init[i] -> scale[i]
 *   sum      in(b[0..3]) out(total)    1 task,  4 true edges scale[i] -> sum,
 *                                               1 output edge gate -> sum
 *   reset    out(b[0])                 1 task,  1 anti edge sum -> reset
 *   redo     out(total)                1 task,  1 output edge sum -> redo
 *   parent   (no regions)              1 task that creates 2 "child" tasks and waits
 *
 * 15 tasks, 15 dependences (8 true, 1 anti, 6 output).  The program checks its own
 * values so a wrong order fails it too.  With "crash" as argument the "child" tasks
 * instead dereference NULL (the crash report test); "crash-chain" installs a SIGSEGV
 * handler of its own first, which the runtime must call (it exits with status 3);
 * "crash-overflow" makes them recurse without end (a stack overflow, reported as one).
 */
#include <nanort.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 4
static double b[NB], total, redo_value;
static int crash, overflow;

#define TYPE(name, fn) \
    static const struct nanort_impl name##_impls[] = {{NANORT_DEVICE_SMP, fn, #fn "_smp", NULL}}; \
    static struct nanort_task_type name##_type = {#name, __FILE__, 1, name##_impls, NULL}

struct arg { double *p; int i; };

static int submitted;

/* Bounded: a policy that runs a ready task in its creator (wf) would wait for itself;
 * after 2 s the gate gives up and the edge counts of the test come out wrong. */
static void gate_fn(void *a, nanort_ctx *c)
{
    (void)a; (void)c;
    double end = omp_get_wtime() + 2;
    while (!__atomic_load_n(&submitted, __ATOMIC_ACQUIRE) && omp_get_wtime() < end)
        ;
}
static void init_fn(void *a, nanort_ctx *c) { (void)c; struct arg *x = a; *x->p = x->i + 1; }
static void scale_fn(void *a, nanort_ctx *c) { (void)c; struct arg *x = a; *x->p *= 10; }
static void sum_fn(void *a, nanort_ctx *c)
{
    (void)a; (void)c;
    double s = 0;
    for (int i = 0; i < NB; i++)
        s += b[i];
    total = s;
}
static void reset_fn(void *a, nanort_ctx *c) { (void)a; (void)c; b[0] = -1; }
static void redo_fn(void *a, nanort_ctx *c) { (void)a; (void)c; redo_value = total; total = 0; }
/* Recurses until the stack is gone (not a tail call: the frame is used after the call). */
static volatile int depth_limit = 1 << 30;
static int deep(int n)
{
    volatile char frame[4096];
    frame[n % sizeof frame] = (char)n;
    return (n < depth_limit ? deep(n + 1) : 0) + frame[0];
}

static void child_fn(void *a, nanort_ctx *c)
{
    (void)c;
    volatile int *volatile bad = NULL;
    if (overflow)
        *bad = deep(0);
    else if (crash)
        *bad = 1;
    __atomic_fetch_add((int *)((struct arg *)a)->p, 1, __ATOMIC_RELAXED);
}
TYPE(gate, gate_fn);
TYPE(init, init_fn);
TYPE(scale, scale_fn);
TYPE(sum, sum_fn);
TYPE(reset, reset_fn);
TYPE(redo, redo_fn);
TYPE(child, child_fn);
static int children_ran;

static void parent_fn(void *a, nanort_ctx *c)
{
    (void)a; (void)c;
    for (int k = 0; k < 2; k++) {
        void *args;
        nanort_task *t = nanort_task_create(&child_type, sizeof(struct arg), 0, 0, &args);
        ((struct arg *)args)->p = (double *)(void *)&children_ran;
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
}
TYPE(parent, parent_fn);

static void spawn(struct nanort_task_type *type, int i, unsigned n, const unsigned *flags,
                  void *const *addrs)
{
    void *args;
    nanort_task *t = nanort_task_create(type, sizeof(struct arg), n, n, &args);
    ((struct arg *)args)->p = n ? addrs[0] : NULL;
    ((struct arg *)args)->i = i;
    for (unsigned k = 0; k < n; k++)
        nanort_task_region1(t, flags[k], addrs[k], sizeof(double));
    nanort_task_submit(t, 0, 0);
}

static void own_handler(int sig)
{
    static const char msg[] = "known_graph: the program's own handler ran\n";
    (void)sig;
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(3);
}

int main(int argc, char **argv)
{
    crash = argc > 1 && strncmp(argv[1], "crash", 5) == 0;
    overflow = crash && strcmp(argv[1], "crash-overflow") == 0;
    if (crash && strcmp(argv[1], "crash-chain") == 0)
        signal(SIGSEGV, own_handler);   /* before the runtime starts (first task) */
    if (crash) {
        spawn(&parent_type, 0, 0, NULL, NULL);
        nanort_taskwait();
        return 0;
    }
    unsigned out = NANORT_DEP_OUT, inout = NANORT_DEP_INOUT;
    unsigned gflags[NB + 1] = {out, out, out, out, out};
    spawn(&gate_type, 0, NB + 1, gflags, (void *[]){&b[0], &b[1], &b[2], &b[3], &total});
    for (int i = 0; i < NB; i++)
        spawn(&init_type, i, 1, &out, (void *[]){&b[i]});
    for (int i = 0; i < NB; i++)
        spawn(&scale_type, i, 1, &inout, (void *[]){&b[i]});
    unsigned sflags[NB + 1] = {NANORT_DEP_IN, NANORT_DEP_IN, NANORT_DEP_IN, NANORT_DEP_IN,
                               NANORT_DEP_OUT};
    spawn(&sum_type, 0, NB + 1, sflags, (void *[]){&b[0], &b[1], &b[2], &b[3], &total});
    spawn(&reset_type, 0, 1, &out, (void *[]){&b[0]});
    spawn(&redo_type, 0, 1, &out, (void *[]){&total});
    spawn(&parent_type, 0, 0, NULL, NULL);
    __atomic_store_n(&submitted, 1, __ATOMIC_RELEASE);
    nanort_taskwait();
    if (redo_value != 100 || b[0] != -1 || total != 0 || children_ran != 2) {
        fprintf(stderr, "known_graph: wrong values: redo %g b0 %g total %g children %d\n",
                redo_value, b[0], total, children_ran);
        return 1;
    }
    return 0;
}
