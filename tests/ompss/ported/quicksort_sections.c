/* ported: openmp
   ported-werror
   quicksort as older OpenMP codes write it: nested `parallel sections` for the two halves
   (omp_set_nested-free: inner regions), below a cut-off plain recursion; then a version with
   `sections` directly in a region, and tasks with `if` for the small halves */
#include <stdio.h>
#include <stdlib.h>

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }

static int partition(int *v, int lo, int hi)
{
    int p = v[(lo + hi) / 2], i = lo - 1, j = hi + 1;
    for (;;) {
        do i++; while (v[i] < p);
        do j--; while (v[j] > p);
        if (i >= j)
            return j;
        swap(&v[i], &v[j]);
    }
}

static void qs_sections(int *v, int lo, int hi, int depth)
{
    if (lo >= hi)
        return;
    int m = partition(v, lo, hi);
    if (depth > 0) {
        #pragma omp parallel sections firstprivate(depth)
        {
            #pragma omp section
            qs_sections(v, lo, m, depth - 1);
            #pragma omp section
            qs_sections(v, m + 1, hi, depth - 1);
        }
    } else {
        qs_sections(v, lo, m, 0);
        qs_sections(v, m + 1, hi, 0);
    }
}

static void qs_tasks(int *v, int lo, int hi)
{
    if (lo >= hi)
        return;
    int m = partition(v, lo, hi);
    #pragma omp task if(m - lo > 500)
    qs_tasks(v, lo, m);
    #pragma omp task if(hi - m > 500)
    qs_tasks(v, m + 1, hi);
    #pragma omp taskwait
}

static unsigned long check(const int *v, int n)
{
    unsigned long h = 0;
    for (int i = 0; i < n; i++) {
        if (i && v[i - 1] > v[i])
            return 0;
        h = h * 131 + (unsigned)v[i];
    }
    return h;
}

int main(void)
{
    int n = 200000;
    int *a = malloc(sizeof(int) * n), *b = malloc(sizeof(int) * n);
    unsigned s = 99;
    for (int i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        a[i] = b[i] = (int)(s >> 12);
    }
    qs_sections(a, 0, n - 1, 4);
    #pragma omp parallel
    {
        #pragma omp sections
        {
            #pragma omp section
            qs_tasks(b, 0, n / 2 - 1);
            #pragma omp section
            qs_tasks(b, n / 2, n - 1);
        }
    }
    printf("sections %lx halves %lx\n", check(a, n), check(b, n / 2) ^ check(b + n / 2, n - n / 2));
    free(a);
    free(b);
    return 0;
}
