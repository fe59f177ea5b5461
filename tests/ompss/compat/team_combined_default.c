/* A combined `parallel for` with default(none), default(firstprivate) or default(private),
 * and private, firstprivate, lastprivate, reduction and allocate clauses, whose iterations
 * ask omp_get_thread_num() and omp_get_num_threads(): each iteration runs on the thread
 * OpenMP's schedule gives it, in a team of OpenMP's size (run.sh: w2, w3 and w4 against gcc
 * -fopenmp on as many threads).  mcc ran such loops as chunks of a team of one on any
 * worker: the numbers were the workers', in no order OpenMP's static schedule allows. */
#include <omp.h>
#include <stdio.h>

#define N 24

static void show(const char *what, const int *v, int n)
{
    printf("%s:", what);
    for (int k = 0; k < n; k++)
        printf(" %d", v[k]);
    printf("\n");
}

int main(void)
{
    int owner[N], size[N], grid[N][N], n = N, scale = 3, last = -1, tmp = 5, i, j;
    long sum = 0;
    double buf[4];

    /* who ran each iteration, and in how large a team */
#pragma omp parallel for default(none) shared(owner, size, n) schedule(static)
    for (i = 0; i < n; i++) {
        owner[i] = omp_get_thread_num();
        size[i] = omp_get_num_threads();
    }
    show("default(none) owners", owner, N);
    show("default(none) sizes", size, N);

    /* the loop's clauses' variables: the copies each thread's iterations use, the
       originals the lastprivate and the reduction write */
#pragma omp parallel for default(none) shared(owner, n) firstprivate(scale) lastprivate(last) \
    reduction(+: sum) schedule(static, 2)
    for (i = 0; i < n; i++) {
        owner[i] = omp_get_thread_num() * scale;
        last = i;
        sum += omp_get_thread_num();
    }
    show("clauses owners", owner, N);
    printf("last %d sum %ld\n", last, sum);

    /* default(firstprivate): n and scale are each thread's copies; tmp its private */
#pragma omp parallel for default(firstprivate) shared(owner) private(tmp) schedule(static)
    for (i = 0; i < n; i++) {
        tmp = omp_get_thread_num();
        owner[i] = tmp + scale;
    }
    show("default(firstprivate) owners", owner, N);
    printf("tmp %d\n", tmp);

    /* default(private), round robin */
#pragma omp parallel for default(private) shared(owner, n) schedule(static, 1)
    for (i = 0; i < n; i++) {
        tmp = omp_get_thread_num();
        owner[i] = tmp;
    }
    show("default(private) owners", owner, N);

    /* a collapsed nest, its chunk size a variable the region shares */
    int ch = 5;
#pragma omp parallel for default(none) shared(grid, n, ch) collapse(2) schedule(static, ch)
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            grid[i][j] = omp_get_thread_num() + 10 * omp_get_num_threads();
    for (int k = 0; k < N; k++)
        owner[k] = grid[k][(k * 7) % N];
    show("collapse owners", owner, N);

    /* allocate, with the private copy it places */
#pragma omp parallel for default(none) shared(size, n) private(buf) allocate(buf) \
    schedule(dynamic)
    for (int k = 0; k < n; k++) {
        buf[0] = omp_get_num_threads();
        size[k] = (int)buf[0];
    }
    show("allocate sizes", size, N);
    return 0;
}
