/* Inline tasks that capture variables whose type is declared inside the function (a
 * local struct, a local typedef, __auto_type): firstprivate copies at creation, shared
 * through a pointer, a nested task using the local type, and a taskloop over them; a
 * taskloop whose counter has a local enum type (gcc 12 -fopenmp fails on it, so it is not
 * in ported/local_type_loops.c); no trampoline (executable stack) is needed for the nested
 * outlined functions. */
#include "ompss_check.h"

static long total;

/* Taking a nested function's address must not need a trampoline (an executable stack). */
static int stack_is_executable(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    int x = 0;
    while (f && fgets(line, sizeof line, f))
        if (strstr(line, "[stack]"))
            x = strchr(line, ' ') && strchr(line, ' ')[3] == 'x';
    if (f)
        fclose(f);
    return x;
}

int main(void)
{
    struct point { int x, y; };
    typedef double real;
    struct point p = {1, 2};
    real r = 2.5;
    __auto_type k = 7L;
    struct point seen = {0, 0};
    real rs = 0;
    long ks = 0;
#pragma omp task shared(seen, rs, ks)
    {
        delay(SLOW);
        seen = p;
        rs = r;
        ks = k;
    }
    p.x = 100;                      /* after creation: the task keeps its copy */
    r = -1;
    k = -1;
    typedef struct { real sum; int n; } acc_t;
    acc_t acc = {0, 0};
#pragma omp task inout(acc)
    {
        for (int i = 1; i <= 10; i++) {
            acc.sum += i;
            acc.n++;
        }
#pragma omp task shared(acc)
        acc.n += 100;
#pragma omp taskwait
    }
    struct point pts[16];
    for (int i = 0; i < 16; i++)
        pts[i] = (struct point){i, 2 * i};
#pragma omp taskloop grainsize(3) shared(pts)
    for (int i = 0; i < 16; i++) {
        struct point q = pts[i];
#pragma omp atomic
        total += q.x + q.y;
    }
#pragma omp taskwait
    enum suit { CLUBS, DIAMONDS, HEARTS, SPADES };
    long suits = 0;
#pragma omp taskloop grainsize(1) reduction(+ : suits)
    for (enum suit c = CLUBS; c <= SPADES; c++)
        suits += 10 * (long)c + 1;
    CHECK(suits == 64, "suits = %ld", suits);
    CHECK(seen.x == 1 && seen.y == 2, "seen = {%d, %d}", seen.x, seen.y);
    CHECK(rs == 2.5 && ks == 7, "rs = %g, ks = %ld", rs, ks);
    CHECK(acc.sum == 55 && acc.n == 110, "acc = {%g, %d}", acc.sum, acc.n);
    CHECK(total == 3 * 120, "total = %ld", total);
    CHECK(!stack_is_executable(), "the stack is executable (a nested function's trampoline)");
    return result_ok();
}
