/*
 * nx_probe.c - a tiny program the config suite runs as a subprocess: it starts the
 * runtime (which reads NX_ARGS / NX_<OPT> / OMP_NUM_THREADS) and prints
 * omp_get_max_threads().  With the argument "tasks" it also runs ten tasks labelled
 * "probe_task" (for --summary).
 */
#include <nanort.h>
#include <stdio.h>
#include <string.h>

static void probe_body(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    ++*(int *)args;
}

static const struct nanort_impl probe_impl = {NANORT_DEVICE_SMP, probe_body, "probe_body", NULL};
static struct nanort_task_type probe_type = {"probe_task", __FILE__, 1, &probe_impl, NULL};

int main(int argc, char **argv)
{
    nanort_init();
    printf("%d\n", omp_get_max_threads());
    fflush(stdout);
    if (argc > 1 && strcmp(argv[1], "tasks") == 0) {
        for (int i = 0; i < 10; i++) {
            void *args;
            nanort_task *t = nanort_task_create(&probe_type, sizeof(int), 0, 0, &args);
            nanort_task_submit(t, 0, 0);
        }
        nanort_taskwait();
    }
    return 0;
}
