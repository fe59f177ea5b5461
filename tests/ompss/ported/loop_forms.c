/* ported: openmp
 * ported-werror
 * Canonical loops in the forms OpenMP allows and codes use: a pointer walking an array
 * (`for (double *p = a; p < a + n; p++)`, and by 3 elements, and down), `!=` with ++ and
 * --, the increment written `i = 2 + i` and `i = i - 3`, unsigned and long counters going
 * down, under `parallel for`, `for` with `schedule(dynamic)`, `taskloop` and collapse(2)
 * with a pointer outer loop, `!=` with `i += 1u`, `i -= (3 - 2)`, `i += sizeof(char)` and
 * enumeration constants.
 * mcc refused `!=` and `i = 2 + i` (and then `!=` with an increment not written `1`), and
 * its lowering of a pointer counter did not compile.  Prints every sum. */
#include <stdio.h>

#define N 1000

enum { STEP_NONE, STEP_UP, STEP_DOWN = -STEP_UP };

static double a[N];
static int grid[40][30];

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = (i * 7919) % 1009 * 0.5;
    for (int r = 0; r < 40; r++)
        for (int c = 0; c < 30; c++)
            grid[r][c] = r * 31 + c;

    double s1 = 0, s2 = 0, s3 = 0;
#pragma omp parallel for reduction(+ : s1)
    for (double *p = a; p < a + N; p++)
        s1 += *p;
#pragma omp parallel for reduction(+ : s2)
    for (const double *p = a + 1; p <= a + N - 1; p += 3)
        s2 += *p * (double)(p - a);
    const double *q;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : s3) grainsize(37)
    for (q = a + N - 1; q >= a; q--)
        s3 += *q;

    long n1 = 0, n2 = 0, n3 = 0, n4 = 0, n5 = 0;
#pragma omp parallel for reduction(+ : n1)
    for (int i = 0; i != N; i++)
        n1 += i % 13;
#pragma omp parallel
#pragma omp for schedule(dynamic, 7) reduction(+ : n2)
    for (int i = N; i != 0; --i)
        n2 += i % 17;
    /* `!=` with increments gcc folds to 1 or -1 (mcc compared their text with "1") */
#pragma omp parallel for reduction(+ : n1)
    for (int i = 0; i != N; i += 1u)
        n1 += i % 7;
#pragma omp parallel for reduction(+ : n2)
    for (long i = N; i != -5; i -= (3 - 2))
        n2 += i % 19;
#pragma omp parallel for reduction(+ : n1)
    for (int i = 0; i != N; i += sizeof(char))
        n1 += i % 5;
#pragma omp parallel for reduction(+ : n2)
    for (int i = N; i != 0; i += -1L)
        n2 += i % 23;
#pragma omp parallel for reduction(+ : n1)
    for (int i = 0; i != N; i += STEP_UP)      /* an enumeration constant */
        n1 += i % 11;
#pragma omp parallel for reduction(+ : n2)
    for (int i = N; i != 0; i += STEP_DOWN)
        n2 += i % 29;
#pragma omp parallel for reduction(+ : n3)
    for (int i = 5; i < N; i = 2 + i)
        n3 += i;
#pragma omp parallel for reduction(+ : n4)
    for (unsigned u = N; u > 3; u = u - 3)
        n4 += u % 11;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : n5) num_tasks(5)
    for (long l = 3000000000L; l >= 2999999000L; l -= 7)
        n5 += l % 1000;

    long g = 0;
#pragma omp parallel for collapse(2) reduction(+ : g)
    for (int (*row)[30] = grid; row < grid + 40; row++)
        for (int c = 0; c < 30; c += 2)
            g += (*row)[c];

    printf("pointers %.1f %.1f %.1f\n", s1, s2, s3);
    printf("counters %ld %ld %ld %ld %ld\n", n1, n2, n3, n4, n5);
    printf("collapse %ld\n", g);
    return 0;
}
