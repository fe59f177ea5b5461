/* C expressions of every form in clauses, which mcc's clause check (mcc/check.c) must
 * accept: casts and compound literals, sizeof/_Alignof of types and expressions, _Generic,
 * GNU statement expressions and ?:, offsetof, calls through pointers, struct members through
 * typedefs and anonymous members, enum constants, local typedefs and shadowing, character,
 * hexadecimal, octal, suffixed and floating constants, string literals, __func__, macros
 * from libc headers.  The chains of tasks check that the dependences they give are right. */
#include "ompss_check.h"

#include <stddef.h>
#include <stdint.h>

#define N 64
#define MIN(a, b) ((a) < (b) ? (a) : (b))

enum { FIRST = 1, LAST = N - 1 };
typedef unsigned cell_t;
typedef cell_t *row_t;
struct grid {
    int n;
    union {
        cell_t *cells;          /* an anonymous member */
        void *raw;
    };
    struct { int lo, hi; } range;
};
typedef struct grid grid_t;

static cell_t data[N];
static int index_of(int i) { return i % N; }
static int (*pick)(int) = index_of;

static void add(cell_t *p, unsigned k)
{
    delay(SLOW / 8);
    *p = step(*p, k);
}

int main(void)
{
    grid_t g = { .n = N, .cells = data, .range = { 2, 9 } };
    grid_t *gp = &g;
    row_t r = data;
    cell_t expect[N] = {0};
    const char *word = "abc";
    int i = 3;

    /* casts, sizeof of a type and of an expression, char and suffixed constants */
#pragma omp task inout(data[(int)sizeof(cell_t) - 4 + 'a' - 97 + 0x0 + 00 + 1u - 1UL])
    add(&data[0], 1);
    expect[0] = step(expect[0], 1);

    /* a compound literal, _Alignof, a GNU statement expression and ?: */
    {
        typedef int local_t;    /* a local typedef in a cast */
        local_t two = 2;
#pragma omp task inout(data[(local_t)((int[]){1, 2, 3})[1] + _Alignof(char) - 2])
        add(&data[1], 2);
        expect[1] = step(expect[1], 2);
#pragma omp task inout(data[({ int t = two; t; }) ?: 5]) firstprivate(i)
        add(&data[2], (unsigned)i);
        expect[2] = step(expect[2], (unsigned)i);
    }

    /* struct members through typedefs, pointers and an anonymous union member */
#pragma omp task inout(gp->cells[gp->range.lo + 1], g.range) in(r[0; 2])
    add(&gp->cells[3], 4);
    expect[3] = step(expect[3], 4);

    /* a call through a function pointer, offsetof, _Generic, enum constants */
#pragma omp task inout(data[pick(4) + (int)offsetof(struct grid, n)]) \
        in(data[_Generic(i, int: FIRST, default: 0)]) priority(LAST > FIRST)
    add(&data[4], 5);
    expect[4] = step(expect[4], 5);

    /* floating and hexadecimal constants converted, macros, a string, __func__ */
#pragma omp task inout(data[(int)(2.5e0 * 2.0f) + MIN(0, 1)]) if(word[0] == 'a' && __func__[0])
    add(&data[5], 6);
    expect[5] = step(expect[5], 6);

    /* shaping and sections on a pointer typedef, a multidependence with a step */
#pragma omp task inout(([N]r)[6;2]) in({data[k], k = 0:4:2})
    {
        add(&r[6], 7);
        add(&r[7], 7);
    }
    expect[6] = step(expect[6], 7);
    expect[7] = step(expect[7], 7);

    /* a name that shadows a global typedef is a value here */
    {
        int cell_t = 8;
#pragma omp task inout(data[cell_t]) firstprivate(cell_t)
        add(&data[cell_t], (unsigned)cell_t);
        expect[8] = step(expect[8], 8);
    }
#pragma omp taskwait
    for (int k = 0; k < N; k++)
        CHECK(data[k] == expect[k], "data[%d] = %u, expected %u", k, data[k], expect[k]);
    return result_ok();
}
