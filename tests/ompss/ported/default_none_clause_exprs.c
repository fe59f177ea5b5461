/* ported: openmp
 * ported-werror
 * default(none) on constructs whose own clauses name variables no data-sharing clause
 * lists: Pacheco's textbook odd-even transposition sort and count sort
 * (`parallel num_threads(thread_count) default(none) shared(a, n) private(i, tmp, phase)`
 * with thread_count a parameter), `if(k > 2)` and `num_threads(G)` of a global on a
 * region, `if`, `final`, `priority(p)`, `depend(out: a[k])` and `affinity(a[k])` on tasks,
 * `grainsize(g)` on a taskloop.  These expressions are evaluated where the construct is
 * met, outside it, so default(none) asks nothing of them (gcc -fopenmp builds them); mcc
 * said "'thread_count' is not listed in a data-sharing clause of this region". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int G = 2;

static void odd_even(int a[], int n, int thread_count)
{
    int phase, i, tmp;
#pragma omp parallel num_threads(thread_count) default(none) shared(a, n) private(i, tmp, phase)
    for (phase = 0; phase < n; phase++) {
        if (phase % 2 == 0) {
#pragma omp for
            for (i = 1; i < n; i += 2)
                if (a[i - 1] > a[i]) {
                    tmp = a[i - 1];
                    a[i - 1] = a[i];
                    a[i] = tmp;
                }
        } else {
#pragma omp for
            for (i = 1; i < n - 1; i += 2)
                if (a[i] > a[i + 1]) {
                    tmp = a[i + 1];
                    a[i + 1] = a[i];
                    a[i] = tmp;
                }
        }
    }
}

static void count_sort(int a[], int n, int thread_count)
{
    int i, j, count;
    int *temp = malloc(n * sizeof(int));
#pragma omp parallel for num_threads(thread_count) default(none) private(i, j, count) shared(n, a, temp)
    for (i = 0; i < n; i++) {
        count = 0;
        for (j = 0; j < n; j++)
            if (a[j] < a[i] || (a[j] == a[i] && j < i))
                count++;
        temp[count] = a[i];
    }
    memcpy(a, temp, n * sizeof(int));
    free(temp);
}

static int sorted(const int *a, int n)
{
    for (int i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

int main(void)
{
    int n = 400, *a = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        a[i] = (i * 7919) % 1009;
    odd_even(a, n, 4);
    printf("odd-even: sorted %d, a[100] %d\n", sorted(a, n), a[100]);
    for (int i = 0; i < n; i++)
        a[i] = (i * 104729) % 997;
    count_sort(a, n, 4);
    printf("count sort: sorted %d, a[200] %d\n", sorted(a, n), a[200]);

    int b[16] = {0}, k = 3, p = 1, g = 4;
    long sum = 0;
#pragma omp parallel if(k > 2) num_threads(G) default(none) shared(b) reduction(+ : sum)
    {
#pragma omp for
        for (int i = 0; i < 16; i++)
            b[i] = i * i;
        sum += 1;
    }
#pragma omp parallel default(none) shared(b, k, p, g)
#pragma omp single
    {
#pragma omp task if(k > 2) final(k > 5) priority(p) default(none) depend(out: b[k]) shared(b)
        b[3] += 100;
#pragma omp task default(none) depend(in: b[k]) affinity(b[k]) shared(b)
        b[4] += b[3];
#pragma omp taskwait
#pragma omp taskloop grainsize(g) default(none) shared(b)
        for (int i = 0; i < 16; i++)
            b[i] += 1;
    }
    for (int i = 0; i < 16; i++)
        sum += b[i];
    printf("b[3] %d, b[4] %d, sum %s, settings %d\n", b[3], b[4], sum > 1000 ? "> 1000" : "small",
           k + p + g + G);
    free(a);
    return 0;
}
