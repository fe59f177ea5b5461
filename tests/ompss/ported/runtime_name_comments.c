/* ported: ompss
 * ported-werror
 * The runtime's names where they declare nothing: a comment that mentions
 * nanort_task_create (the driver preprocesses with -C, so it reaches mcc), a string that
 * spells it and an identifier that holds it.  mcc took any of them for nanort.h included
 * and left out the declarations its generated code needs: gcc then failed on
 * nanort_task_create, nanort_task_submit, ... undeclared. */
#include <stdio.h>
#include <string.h>

#define N 16

/* Each task below becomes a call of nanort_task_create() and nanort_task_submit(); a
 * taskwait one of nanort_taskwait(). */
static const char *const what = "tasks made by nanort_task_create";
static int count_nanort_task_create_calls;

#pragma omp task in(*x) out(*y)
static void twice(const int *x, int *y)
{
    *y = 2 * *x;   // nanort_task_create(&type, ...) made this task
}

int main(void)
{
    int a[N], b[N], sum = 0;
    for (int i = 0; i < N; i++)
        a[i] = i;
    for (int i = 0; i < N; i++) {
        twice(&a[i], &b[i]);
        count_nanort_task_create_calls++;
    }
#pragma omp task inout(sum) in(b) /* nanort_task_create again */
    for (int i = 0; i < N; i++)
        sum += b[i];
#pragma omp taskwait
    printf("%s: %d, sum %d, %zu\n", what, count_nanort_task_create_calls, sum, strlen(what));
    return 0;
}
