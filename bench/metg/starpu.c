/*
 * starpu.c - the METG stencil as StarPU tasks (starpu_task_create + submit; dependences
 * from the data handles' access modes under StarPU's default sequential consistency).
 * Workers: STARPU_NCPU (run.sh sets it), no OpenCL, no CUDA.  One codelet per number of
 * distinct cells read (1 to 3), so no handle appears twice in a task.
 */
#include "metg.h"

#include <starpu.h>
#include <stdio.h>
#include <stdlib.h>

const char *const peer_name = "starpu";

static starpu_data_handle_t h_grid[2][METG_MAX_WIDTH];

static void run_cell(void *buffers[], void *cl_arg)
{
    (void)buffers;
    long a = (long)(intptr_t)cl_arg;
    metg_body(a / METG_MAX_WIDTH, (int)(a % METG_MAX_WIDTH));
}

/* cl[n]: n cells read (R), then the cell written (W). */
static struct starpu_codelet cl[4] = {
    [1] = {.cpu_funcs = {run_cell}, .nbuffers = 2, .modes = {STARPU_R, STARPU_W}},
    [2] = {.cpu_funcs = {run_cell}, .nbuffers = 3, .modes = {STARPU_R, STARPU_R, STARPU_W}},
    [3] = {.cpu_funcs = {run_cell}, .nbuffers = 4,
           .modes = {STARPU_R, STARPU_R, STARPU_R, STARPU_W}},
};

void peer_init(void)
{
    setenv("STARPU_NOPENCL", "0", 0);
    setenv("STARPU_NCUDA", "0", 0);
    setenv("STARPU_SILENT", "1", 0);
    int ret = starpu_init(NULL);
    if (ret != 0) {
        fprintf(stderr, "metg starpu: starpu_init failed (%d)\n", ret);
        exit(77);
    }
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < metg_width; i++)
            starpu_variable_data_register(&h_grid[b][i], STARPU_MAIN_RAM,
                                          (uintptr_t)&metg_grid[b][i], sizeof(uint64_t));
}

void peer_fini(void)
{
    for (int b = 0; b < 2; b++)
        for (int i = 0; i < metg_width; i++)
            starpu_data_unregister(h_grid[b][i]);
    starpu_shutdown();
}

static void submit_cell(long s, int i)
{
    int n = metg_nreads(i);
    struct starpu_task *t = starpu_task_create();
    t->cl = &cl[n];
    t->cl_arg = (void *)(intptr_t)(s * METG_MAX_WIDTH + i);
    for (int k = 0; k < n; k++)
        t->handles[k] = h_grid[(s - 1) % 2][metg_read_cell(i, k)];
    t->handles[n] = h_grid[s % 2][i];
    int ret = starpu_task_submit(t);
    if (ret != 0) {
        fprintf(stderr, "metg starpu: starpu_task_submit failed (%d)\n", ret);
        exit(2);
    }
}

void peer_run(long steps)
{
    metg_start();
    for (long s = 1; s <= steps; s++)
        for (int i = 0; i < metg_width; i++)
            submit_cell(s, i);
    starpu_task_wait_for_all();
    metg_stop();
}
