/* Calls of function tasks whose arguments need C's implicit conversions (mcc checks each
 * argument against its parameter, check_call.c): int for double and the reverse, void *
 * for double *, arrays for pointers and for array parameters, a struct by value through a
 * typedef, enums, a pointer for _Bool, 0 and NULL for pointers, a function for a function
 * pointer, unsigned char * from a char * that was cast; each task's result is checked. */
#include "ompss_check.h"

typedef struct { int x, y; } pair;
enum scale_kind { ONCE = 1, TWICE = 2 };

static int twice(int v) { return 2 * v; }

#pragma omp task out(*r) in(*a) in(*s)
void combine(double *r, const double *a, double k, int n, pair p, enum scale_kind e,
             _Bool flag, int (*fn)(int), double row[4], const char *s);
void combine(double *r, const double *a, double k, int n, pair p, enum scale_kind e,
             _Bool flag, int (*fn)(int), double row[4], const char *s)
{
    delay(2);
    *r = (*a + k + n + p.x + p.y) * e + flag + (fn ? fn(1) : 0) + (row ? row[3] : 0) + s[0];
}

#pragma omp task inout([n]v)
void bump(unsigned char *v, long n);
void bump(unsigned char *v, long n)
{
    for (long i = 0; i < n; i++)
        v[i]++;
}

int main(void)
{
    double a = 1, r1 = 0, r2 = 0, r3 = 0, row[4] = {0, 0, 0, 5};
    void *va = &a;
    double *heap = malloc(sizeof *heap);
    pair p = {2, 3};
    char text[4] = "abc";
    int n = 4;
    combine(&r1, &a, 2, 3.9, p, TWICE, heap, twice, row, "A");
    combine(&r2, va, n, n, (pair){0, 0}, 1, 0, 0, NULL, text);
    combine(va == &a ? &r3 : heap, (double *)va, 'x' - 'x', (short)1, p, ONCE, (_Bool)1,
            &twice, &row[0], text + 1);
    bump((unsigned char *)text, 3);
#pragma omp taskwait
    CHECK(r1 == (1 + 2 + 3 + 2 + 3) * 2 + 1 + 2 + 5 + 'A', "r1 = %g", r1);
    CHECK(r2 == (1 + 4 + 4) * 1 + 'a', "r2 = %g", r2);
    CHECK(r3 == (1 + 0 + 1 + 2 + 3) + 1 + 2 + 5 + 'b', "r3 = %g", r3);
    CHECK(text[0] == 'b' && text[2] == 'd', "text = %s", text);
    free(heap);
    return result_ok();
}
