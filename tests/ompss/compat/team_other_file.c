/* Orphaned `for` loops in functions of another file (team_other_file_fns.c, compiled
 * apart, as a Makefile does) whose iterations ask omp_get_thread_num() and
 * omp_get_num_threads(), reached from parallel regions of this file whose own code only
 * calls them: each thread runs the chunks OpenMP's schedule gives it, in a team of
 * OpenMP's size (run.sh: w2, w3, w4 against gcc -fopenmp on as many threads).  mcc ran
 * such a region as a team of one, whose loops' chunks ran as tasks numbered by the workers
 * that ran them (owners 1 1 ... 2 2 on 4 workers), in no order a static schedule allows. */
#include <omp.h>
#include <stdio.h>

#define N 24
#define SLOTS 8

void fill_owners(int *owner, int n);
void fill_sizes(int *size, int n);
extern double slots[SLOTS];
void partial_sums(const double *x, int n);

int main(void)
{
    int owner[N], size[N];
    double x[N];
    for (int i = 0; i < N; i++)
        x[i] = i + 1;

#pragma omp parallel
    fill_owners(owner, N);

#pragma omp parallel num_threads(2)
    {
        fill_sizes(size, N);
    }

#pragma omp parallel
    partial_sums(x, N);

    printf("owners:");
    for (int i = 0; i < N; i++)
        printf(" %d", owner[i]);
    printf("\nsizes and owners under num_threads(2):");
    for (int i = 0; i < N; i++)
        printf(" %d", size[i]);
    printf("\npartial sums:");
    for (int t = 0; t < SLOTS; t++)
        printf(" %.0f", slots[t]);
    printf("\n");
    return 0;
}
