/* ported: openmp
 * ported-werror
 * OpenMP 5.0 iterators of a pointer type in depend: `iterator(int *p = a : a + n : 2),
 * in: *p` over every other element, counting down (`a + 19 : a : -3`), over an array of
 * structs (`struct cell *c = cells : cells + NC`, `inout: c->v`), with an integer iterator
 * beside it, and in `taskwait depend`; slow producers, so a missing dependence reads an
 * element before its writer ran.  mcc said "sorry, unimplemented: iterator 'p' of a
 * pointer type". */
#include <stdio.h>

#define N 20
#define NC 6

struct cell {
    long v;
    int pad;
};

static int a[N];
static struct cell cells[NC];

static void spin(void)
{
    volatile long z = 0;
    for (long i = 0; i < 300000; i++)
        z += i;
}

int main(void)
{
    long even = 0, down = 0, sum = 0, grid = 0, tail = 0;
    int n = N;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < N; i++) {
#pragma omp task depend(out: a[i]) firstprivate(i)
            {
                spin();
                a[i] = i + 1;
            }
        }
#pragma omp task depend(iterator(int *p = a : a + n : 2), in: *p) shared(even)
        for (int k = 0; k < n; k += 2)
            even += a[k];
#pragma omp task depend(iterator(int *p = a + 19 : a : -3), inout: *p) shared(down)
        for (int k = 19; k > 0; k -= 3)
            down += a[k] * 10;
        for (int c = 0; c < NC; c++) {
#pragma omp task depend(out: cells[c].v) firstprivate(c)
            {
                spin();
                cells[c].v = 100 * c;
            }
        }
#pragma omp task depend(iterator(struct cell *c = cells : cells + NC), inout: c->v) shared(sum)
        for (int c = 0; c < NC; c++) {
            sum += cells[c].v;
            cells[c].v += 1;
        }
#pragma omp task depend(iterator(struct cell *c = cells : cells + NC, int k = 0:2), in: c->v, a[k]) shared(grid)
        for (int c = 0; c < NC; c++)
            grid += cells[c].v * (a[0] + a[1]);
#pragma omp taskwait depend(iterator(const int *q = a + 1 : a + N : 3), in: *q)
        for (int k = 1; k < N; k += 3)
            tail += a[k];
    }
    printf("%ld %ld %ld %ld %ld\n", even, down, sum, grid, tail);
    return 0;
}
