/* The Nanos++ calls OmpSs programs make, as they make them: count the OpenCL devices and
 * run the OpenCL version only where there is one, allocate the data with
 * ompss_opencl_malloc, read the task counts while tasks wait on a gate, yield, ask
 * whether a task is final, check every call with NANOS_SAFE.  argv[1]: the number of
 * OpenCL devices expected; argv[2] (optional) the --schedule given.  Checks itself; with
 * argv[1] "error" a failing call under NANOS_SAFE must stop the program (exit 1). */
#include <nanos.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 1024

#pragma omp target device(opencl) ndrange(1, g, l) file(../../robust/kernels/fill.cl) copy_deps
#pragma omp task out([N]x)
__kernel void fill1(__global int *x, int n, long g, long l);

static int failures;
#define CHECK(c, ...) do { if (!(c)) { printf(__VA_ARGS__); putchar('\n'); failures++; } } while (0)

static volatile int gate;

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "error")) {
        int sockets = 0;
        NANOS_SAFE(nanos_get_num_sockets(&sockets));
        NANOS_SAFE(nanos_current_socket(sockets + 4));  /* no such socket */
        printf("the failing call went on\n");
        return 0;
    }
    unsigned want = argc > 1 ? (unsigned)atoi(argv[1]) : 1;
    unsigned ndev = nanos_get_opencl_num_devices();
    CHECK(ndev == want, "nanos_get_opencl_num_devices() = %u, expected %u", ndev, want);
    CHECK(nanos_get_num_cuda_devices() == 0, "CUDA devices %d", nanos_get_num_cuda_devices());
    if (argc > 2)
        CHECK(!strcmp(nanos_get_default_scheduler(), argv[2]), "scheduler %s, expected %s",
              nanos_get_default_scheduler(), argv[2]);
    CHECK(!strcmp(nanos_get_default_architecture(), "smp"), "architecture");

    int *x = ompss_opencl_malloc(N * sizeof *x);
    memset(x, 0, N * sizeof *x);
    if (ndev > 0) {
        fill1(x, N, N, 64);
#pragma omp taskwait
        for (int i = 0; i < N; i++)
            CHECK(x[i] == i + 1, "x[%d] = %d", i, x[i]);
    }
    ompss_opencl_free(x);

    /* ten tasks behind a gate task: total counts them while they wait */
    int dep = 0;
#pragma omp task inout(dep)
    while (!gate)
        usleep(1000);
    for (int i = 0; i < 10; i++) {
#pragma omp task in(dep)
        NANOS_SAFE(nanos_yield());
    }
    unsigned total = 0, ready = 0, running = 0, nonready = 0, blocked = 0;
    NANOS_SAFE(nanos_get_num_total_tasks(&total));
    NANOS_SAFE(nanos_get_num_ready_tasks(&ready));
    NANOS_SAFE(nanos_get_num_running_tasks(&running));
    NANOS_SAFE(nanos_get_num_nonready_tasks(&nonready));
    NANOS_SAFE(nanos_get_num_blocked_tasks(&blocked));
    CHECK(total >= 10 && total <= 11, "total %u while 11 were created", total);
    CHECK(nonready >= 10 && ready <= 1, "ready %u nonready %u", ready, nonready);
    CHECK(running <= (unsigned)omp_get_max_threads(), "running %u", running);
    gate = 1;
#pragma omp taskwait
    NANOS_SAFE(nanos_get_num_total_tasks(&total));
    CHECK(total == 0, "total %u after the taskwait", total);

    bool fin = true, fin_task = false;
#pragma omp task final(1) shared(fin_task)
    NANOS_SAFE(nanos_in_final(&fin_task));
#pragma omp taskwait
    NANOS_SAFE(nanos_in_final(&fin));
    CHECK(fin_task && !fin, "in_final: task %d main %d", fin_task, fin);
    printf("nanos_calls: %u OpenCL device(s), %s\n", ndev, failures ? "FAILED" : "ok");
    return failures != 0;
}
