/*
 * block_lend.c - nanort_block_until (TAMPI's blocking mode underneath) pauses a task and
 * gives its worker away, so tasks that wait for each other through something outside the
 * runtime make progress on ONE worker.  Per round: task A waits for X, which a pthread sets
 * 2 ms later (as an MPI message arriving), then sets Y; task B waits for Y.  A runs first
 * (--schedule=bf).  Waiting nested (running B on A's stack) deadlocks: B waits for Y, which
 * A sets only after it resumes, and A resumes only after B returns.  Also: several pairs at
 * once, main blocking too, and the counts of bodies that ran.  C API, no MPI; built against
 * the ThreadSanitizer runtime too.
 */
#include <nanort.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#define PAIRS 4
#define ROUNDS 10

static atomic_int X[PAIRS], Y[PAIRS], done_a, done_b;

static int is_set(void *p)
{
    return atomic_load((atomic_int *)p) != 0;
}

static void task_a(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    int k = *(int *)args;
    nanort_block_until(is_set, &X[k]);
    atomic_store(&Y[k], 1);
    nanort_wake_waiters();
    atomic_fetch_add(&done_a, 1);
}

static void task_b(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    int k = *(int *)args;
    nanort_block_until(is_set, &Y[k]);
    atomic_fetch_add(&done_b, 1);
}

static struct nanort_impl a_impl[] = {{NANORT_DEVICE_SMP, task_a, "task_a", NULL}};
static struct nanort_impl b_impl[] = {{NANORT_DEVICE_SMP, task_b, "task_b", NULL}};
static struct nanort_task_type a_type = {"wait_x_set_y", __FILE__, 1, a_impl, NULL};
static struct nanort_task_type b_type = {"wait_y", __FILE__, 1, b_impl, NULL};

static void spawn(struct nanort_task_type *type, int k)
{
    void *args;
    nanort_task *t = nanort_task_create(type, sizeof(int), 0, 0, &args);
    *(int *)args = k;
    nanort_task_submit(t, 0, 0);
}

/* The "message": X[k] set from outside the runtime, 2 ms after the round starts. */
static void *arrive(void *arg)
{
    (void)arg;
    struct timespec ts = {0, 2 * 1000 * 1000};
    nanosleep(&ts, NULL);
    for (int k = 0; k < PAIRS; k++)
        atomic_store(&X[k], 1);
    nanort_wake_waiters();
    return NULL;
}

int main(void)
{
    nanort_tasks_may_block();
    for (int r = 0; r < ROUNDS; r++) {
        int pairs = r % 2 ? PAIRS : 1;
        for (int k = 0; k < PAIRS; k++)
            atomic_store(&X[k], 0), atomic_store(&Y[k], 0);
        for (int k = 0; k < pairs; k++) {
            spawn(&a_type, k);
            spawn(&b_type, k);
        }
        pthread_t th;
        pthread_create(&th, NULL, arrive, NULL);
        if (r == ROUNDS - 1)                /* main blocks too: it gets worker 0 back */
            nanort_block_until(is_set, &X[0]);
        nanort_taskwait();
        pthread_join(th, NULL);
    }
    int want = ROUNDS / 2 * (1 + PAIRS);
    int ok = atomic_load(&done_a) == want && atomic_load(&done_b) == want &&
             nanort_worker_id() == 0;
    printf("block_lend: %d + %d bodies of %d each, main on worker %d: %s\n",
           atomic_load(&done_a), atomic_load(&done_b), want, nanort_worker_id(),
           ok ? "OK" : "WRONG");
    return !ok;
}
