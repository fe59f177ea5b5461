/*
 * cluster_pointers.c - in cluster mode a task goes to another rank only when every pointer
 * in its arguments names one of its regions or read-only data of the executable: a task
 * that reads a table through a pointer without a dependence on it must stay on rank 0
 * (the other ranks do not have the table), whether the table is on the heap or a global
 * main filled; one that reads a constant table of the executable may go anywhere.  Each
 * task records the rank it ran on (OMPI_COMM_WORLD_RANK) next to its result; the results
 * must equal the sequential computation, the tasks with undeclared tables must all have run
 * on rank 0, and (with an argument: run under --cluster --dispatch=round-robin) some
 * constant-table tasks on other ranks.
 */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define TASKS 24

static const double const_table[N] = {1, 2, 3, 4, 5, 6, 7, 8};  /* the rest 0 */
static double global_table[N];      /* filled by main: not on the other ranks */

static int my_rank(void)
{
    const char *r = getenv("OMPI_COMM_WORLD_RANK");
    return r ? atoi(r) : 0;
}

/* out[0] = the rank, out[1..N] = table[i] * k */
#pragma omp task out([N + 1]out) label(use_table)
void use_table(const double *table, double *out, int k)
{
    out[0] = my_rank();
    for (int i = 0; i < N; i++)
        out[1 + i] = table[i] * k;
}

int main(int argc, char **argv)
{
    (void)argv;
    double *heap_table = malloc(N * sizeof *heap_table);
    for (int i = 0; i < N; i++)
        heap_table[i] = global_table[i] = 10 + i;
    const double *tables[3] = {heap_table, global_table, const_table};
    double *out = calloc((size_t)3 * TASKS * (N + 1), sizeof *out);
    for (int t = 0; t < 3 * TASKS; t++)
        use_table(tables[t / TASKS], &out[t * (N + 1)], t);
#pragma omp taskwait
    int wrong = 0, remote_const = 0, remote_undeclared = 0;
    for (int t = 0; t < 3 * TASKS; t++) {
        const double *o = &out[t * (N + 1)];
        for (int i = 0; i < N; i++)
            wrong += o[1 + i] != tables[t / TASKS][i] * t;
        if (t / TASKS == 2)
            remote_const += o[0] != 0;
        else
            remote_undeclared += o[0] != 0;
    }
    printf("cluster_pointers: %d wrong values, %d tasks with undeclared tables on other ranks, "
           "%d constant-table tasks on other ranks\n", wrong, remote_undeclared, remote_const);
    /* with an argument (run under --cluster --dispatch=round-robin): some must have gone */
    return wrong || remote_undeclared || (argc > 1 && !remote_const);
}
