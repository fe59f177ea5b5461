/*
 * starpu.c - the microbenchmark graphs as StarPU tasks (starpu_task_create + submit,
 * the cheapest path; dependences from the data handles' access modes under StarPU's
 * default sequential consistency).  Workers: STARPU_NCPU (default 2 here), no OpenCL,
 * no CUDA.  Task arguments travel in cl_arg as an integer, so no argument copies.
 */
#include "micro.h"

#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>

const char *const peer_name = "starpu";

static starpu_data_handle_t h_x, h_grid[2][MICRO_WIDTH];

static long arg_of(void *cl_arg) { return (long)(intptr_t)cl_arg; }

static void run_indep(void *buffers[], void *cl_arg)
{
    (void)buffers;
    micro_body_indep(arg_of(cl_arg));
}

static void run_chain(void *buffers[], void *cl_arg)
{
    (void)buffers;
    micro_body_chain(arg_of(cl_arg));
}

static void run_stencil(void *buffers[], void *cl_arg)
{
    (void)buffers;
    long a = arg_of(cl_arg);
    micro_body_stencil(a / MICRO_WIDTH, (int)(a % MICRO_WIDTH));
}

static void run_produce(void *buffers[], void *cl_arg)
{
    (void)buffers;
    micro_body_fan_produce(arg_of(cl_arg));
}

static void run_read(void *buffers[], void *cl_arg)
{
    (void)buffers;
    micro_body_fan_read((int)arg_of(cl_arg));
}

static void run_write(void *buffers[], void *cl_arg)
{
    (void)buffers;
    (void)cl_arg;
    micro_body_fan_write();
}

static struct starpu_codelet cl_indep = {.cpu_funcs = {run_indep}, .nbuffers = 0};
static struct starpu_codelet cl_chain = {.cpu_funcs = {run_chain}, .nbuffers = 1,
                                         .modes = {STARPU_RW}};
static struct starpu_codelet cl_stencil = {.cpu_funcs = {run_stencil}, .nbuffers = 4,
                                           .modes = {STARPU_R, STARPU_R, STARPU_R, STARPU_W}};
static struct starpu_codelet cl_produce = {.cpu_funcs = {run_produce}, .nbuffers = 1,
                                           .modes = {STARPU_W}};
static struct starpu_codelet cl_read = {.cpu_funcs = {run_read}, .nbuffers = 1,
                                        .modes = {STARPU_R}};
static struct starpu_codelet cl_write = {.cpu_funcs = {run_write}, .nbuffers = 1,
                                         .modes = {STARPU_RW}};

static void register_var(starpu_data_handle_t *h, uint64_t *v)
{
    starpu_variable_data_register(h, STARPU_MAIN_RAM, (uintptr_t)v, sizeof *v);
}

void peer_init(void)
{
    /* Keep StarPU off PoCL and CUDA and on 2 CPU workers unless told otherwise. */
    setenv("STARPU_NCPU", "2", 0);
    setenv("STARPU_NOPENCL", "0", 0);
    setenv("STARPU_NCUDA", "0", 0);
    setenv("STARPU_SILENT", "1", 0);
    int ret = starpu_init(NULL);
    if (ret != 0) {
        fprintf(stderr, "bench starpu: starpu_init failed (%d)\n", ret);
        exit(77);
    }
    register_var(&h_x, &micro_x);
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < MICRO_WIDTH; i++)
            register_var(&h_grid[b][i], &micro_grid[b][i]);
}

void peer_fini(void)
{
    starpu_data_unregister(h_x);
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < MICRO_WIDTH; i++)
            starpu_data_unregister(h_grid[b][i]);
    starpu_shutdown();
}

/* Only CPU workers run the bodies (no OpenCL, no CUDA); the submitting thread runs none. */
int peer_workers(void) { return (int)starpu_cpu_worker_get_count(); }

/* Submit one task of `cl` with integer argument `arg` on the handles `h`. */
static void submit(struct starpu_codelet *cl, long arg, starpu_data_handle_t h0,
                   starpu_data_handle_t h1, starpu_data_handle_t h2, starpu_data_handle_t h3)
{
    struct starpu_task *t = starpu_task_create();
    t->cl = cl;
    t->cl_arg = (void *)(intptr_t)arg;
    t->handles[0] = h0;
    t->handles[1] = h1;
    t->handles[2] = h2;
    t->handles[3] = h3;
    int ret = starpu_task_submit(t);
    if (ret != 0) {
        fprintf(stderr, "bench starpu: starpu_task_submit failed (%d)\n", ret);
        exit(2);
    }
}

static void indep(long n)
{
    for (long i = 0; i < n; i++)
        submit(&cl_indep, i, NULL, NULL, NULL, NULL);
}

static void chain(long n)
{
    for (long k = 0; k < n; k++)
        submit(&cl_chain, k, h_x, NULL, NULL, NULL);
}

static void stencil(long steps)
{
    for (long s = 1; s <= steps; s++) {
        starpu_data_handle_t *prev = h_grid[(s - 1) % 2], *cur = h_grid[s % 2];
        for (int i = 0; i < MICRO_WIDTH; i++)
            submit(&cl_stencil, s * MICRO_WIDTH + i, prev[micro_left(i)], prev[i],
                   prev[micro_right(i)], cur[i]);
    }
}

static void fan(long rounds)
{
    for (long r = 0; r < rounds; r++) {
        submit(&cl_produce, r, h_x, NULL, NULL, NULL);
        for (int k = 0; k < MICRO_FAN_READERS; k++)
            submit(&cl_read, k, h_x, NULL, NULL, NULL);
        submit(&cl_write, 0, h_x, NULL, NULL, NULL);
    }
}

micro_graph_fn *const peer_graphs[MICRO_PATTERN_COUNT] = {indep, chain, stencil, fan};

void peer_run(micro_graph_fn *build, long count)
{
    micro_start();
    build(count);
    starpu_task_wait_for_all();
    micro_stop();
}
