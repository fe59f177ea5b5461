/* A dependence or copy whose base is an ARRAY object makes the task work on that array
 * (shared), not on a firstprivate copy: shaping of a local array (`out([n]a)`,
 * `([n]a)[2:3]`, `[4][4]m`), `*a`, sections and rows of a 2-D local array, a struct's
 * array member, a multidependence, and a global array; through a pointer the pointer stays
 * firstprivate. */
#include "ompss_check.h"

struct rec {
    int v[4];
    int *p;
};

static int g[6];

int main(void)
{
    int a[8] = {0}, n = 8;
    int m[4][4] = {{0}};
    struct rec s = {{0}, 0};
#pragma omp task out([n]a)
    for (int i = 0; i < n; i++)
        a[i] = i;
#pragma omp task inout(([n]a)[2:3])
    {
        delay(SLOW);
        a[2] += 100;
    }
#pragma omp task inout(m[1][0;4])
    m[1][3] = 9;
#pragma omp task inout([4][4]m)
    m[2][2] = 7;
#pragma omp task inout({a[i], i = 0;2})
    a[0] = -1;
#pragma omp task inout(s.v[0;4])
    s.v[1] = 5;
#pragma omp task inout(m[3])
    m[3][0] = 1;
#pragma omp task inout(*a)
    a[0] += 1000;
#pragma omp task out([6]g)
    g[5] = 3;
    int *p = a;
#pragma omp task inout(p[7])
    {
        delay(SLOW);
        p[7] += 1;
    }
    p = 0;                          /* after creation: the task keeps its own p */
#pragma omp taskwait
    int want[8] = {999, 1, 102, 3, 4, 5, 6, 8};
    for (int i = 0; i < 8; i++)
        CHECK(a[i] == want[i], "a[%d] = %d, expected %d", i, a[i], want[i]);
    CHECK(m[1][3] == 9 && m[2][2] == 7 && m[3][0] == 1, "m: %d %d %d", m[1][3], m[2][2],
          m[3][0]);
    CHECK(s.v[1] == 5, "s.v[1] = %d", s.v[1]);
    CHECK(g[5] == 3, "g[5] = %d", g[5]);
    return result_ok();
}
