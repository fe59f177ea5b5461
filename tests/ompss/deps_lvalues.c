/* Dependences on every lvalue form: x, *p, a[i], s.f, p->y, a[i].x, and (*pp)[k];
 * each one orders a slow writer before a reader of the same object. */
#include "ompss_check.h"

struct pt {
    int x, y;
};

static int x, arr[4], seen[8];
static struct pt s, pts[3];

int main(void)
{
    struct pt *ps = &s;
    int *p = &arr[1];
    int (*pp)[4] = &arr;

#pragma omp task out(x)
    { delay(SLOW); x = 1; }
#pragma omp task in(x) out(seen[0])
    seen[0] = x;

#pragma omp task out(*p)
    { delay(SLOW); *p = 2; }
#pragma omp task in(arr[1]) out(seen[1])
    seen[1] = arr[1];

#pragma omp task out(s.x)
    { delay(SLOW); s.x = 3; }
#pragma omp task in(ps->x) out(seen[2])
    seen[2] = ps->x;

#pragma omp task out(ps->y)
    { delay(SLOW); ps->y = 4; }
#pragma omp task in(s.y) out(seen[3])
    seen[3] = s.y;

#pragma omp task out(pts[2].x)
    { delay(SLOW); pts[2].x = 5; }
#pragma omp task in(pts[2].x) out(seen[4])
    seen[4] = pts[2].x;

#pragma omp task out((*pp)[3])
    { delay(SLOW); (*pp)[3] = 6; }
#pragma omp task in(arr[3]) out(seen[5])
    seen[5] = arr[3];

#pragma omp task inout(arr)
    { delay(SLOW); for (int i = 0; i < 4; i++) arr[i] += 10; }
#pragma omp task in(*p) out(seen[6])
    seen[6] = *p;
#pragma omp taskwait

    static const int want[7] = {1, 2, 3, 4, 5, 6, 12};
    for (int i = 0; i < 7; i++)
        CHECK(seen[i] == want[i], "reader %d saw %d, expected %d", i, seen[i], want[i]);
    return result_ok();
}
