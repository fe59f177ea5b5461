/* The implicit data-sharing rules of inline tasks: locals (scalars and arrays) are
 * firstprivate, captured at creation; globals and static locals are shared; a base
 * named in a dependence by name, element, section or member is shared; a pointer base
 * of a dependence (*p, p[1:2], [n]p) is firstprivate while its pointee is shared. */
#include "ompss_check.h"

struct pt {
    int x, y, z;
};

static int gcount, g1, g2, garr[8];

int main(void)
{
    int x = 1;
#pragma omp task
    {
        x = 2;
        g2 = x;
    }
#pragma omp taskwait
    CHECK(x == IF_OMPSS(1, 2), "local x = %d: not firstprivate", x);
    CHECK(g2 == 2, "g2 = %d", g2);

    x = 10;
#pragma omp task
    g1 = x;
    x = 20;
#pragma omp taskwait
    CHECK(g1 == 10, "x captured as %d, expected the value at creation (10)", g1);

    static int st;
#pragma omp task
    {
        gcount += 5;
        st = 9;
    }
#pragma omp taskwait
    CHECK(gcount == 5 && st == 9, "globals/statics not shared: %d %d", gcount, st);

    int arr[4] = {1, 2, 3, 4};
#pragma omp task
    {
        arr[0] = 100;
        g2 = arr[1];
    }
#pragma omp taskwait
    CHECK(arr[0] == IF_OMPSS(1, 100), "local array copied? arr[0] = %d", arr[0]);
    CHECK(g2 == 2, "g2 = %d", g2);

#pragma omp task inout(arr[2])
    arr[2] = 77;
#pragma omp task out(arr[0;2])
    {
        arr[0] = -1;
        arr[1] = -2;
    }
#pragma omp taskwait
    CHECK(arr[2] == 77 && arr[0] == -1 && arr[1] == -2,
          "array named in a dependence not shared: %d %d %d", arr[0], arr[1], arr[2]);

    struct pt c = {1, 2, 3};
    int res = 0;
#pragma omp task inout(c.x)
    c.x += 10;
#pragma omp task in(c.z, c.x) out(res)
    res = c.z + c.x;
#pragma omp taskwait
    CHECK(c.x == 11 && res == 14, "member dependence: c.x = %d res = %d", c.x, res);

    int *p = &garr[0];
#pragma omp task inout(*p)
    {
        *p += 1;
        p++;
    }
#pragma omp taskwait
    CHECK(garr[0] == 1, "pointee not shared: garr[0] = %d", garr[0]);
    CHECK(p == IF_OMPSS(&garr[0], &garr[1]), "pointer base of *p not firstprivate");

    p = garr;
    garr[1] = 5;
    garr[2] = 6;
#pragma omp task in(p[1:2]) out(res)
    {
        res = p[1] + p[2];
        p += 3;
    }
#pragma omp taskwait
    CHECK(res == 11, "res = %d, expected 11", res);
    CHECK(p == IF_OMPSS(&garr[0], &garr[3]), "pointer base of p[1:2] not firstprivate");

    int *q = garr;
#pragma omp task inout([8]q)
    {
        q[7] = 8;
        q = NULL;
    }
#pragma omp taskwait
    CHECK(garr[7] == 8, "garr[7] = %d", garr[7]);
    CHECK((q == NULL) == !OMPSS_RUN, "pointer base of [8]q not firstprivate");
    return result_ok();
}
