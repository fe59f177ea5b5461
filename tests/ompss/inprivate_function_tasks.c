/* inprivate on function tasks: the task gets its own copy of what a pointer parameter
 * points to (`inprivate(*r)`, `inprivate([n]a)`, `inprivate(m)` of a parameter declared
 * as an array or of an array typedef, of a VLA parameter whose body hands the copy to a
 * child task, of a final task), taken after the slow writer before it: its writes stay in
 * the copy.  mcc took the clause for an `in` dependence alone and the tasks wrote the
 * caller's data (the sequential program's values, against OmpSs's).  The same for an
 * inline task's `inprivate(a, b)` of parameters declared as arrays (`double a[4]`, a
 * `row_t b`): mcc copied only the pointers. */
#include "ompss_check.h"

#define B 4
typedef struct { int n; double v[4]; } rec_t;
typedef double tile_t[B][B];

#pragma omp task out(*r)
void slow_set(rec_t *r)
{
    delay(SLOW);
    r->n = 5;
    r->v[0] = 1;
}

#pragma omp task inprivate(*r) out(*s)
void bump_rec(rec_t *r, double *s)
{
    r->v[0] += 100;
    *s = r->v[0] + r->n;
}

#pragma omp task inprivate([n]a) out(*s)
void scratch(int n, const double *a, double *s)
{
    double *w = (double *)a;
    w[0] = -1;
    *s = a[0] + a[n - 1];
}

#pragma omp task inprivate(m) out(*s)
void diag_tile(double m[B][B], double *s)
{
    *s = 0;
    for (int i = 0; i < B; i++) {
        m[i][i] *= 10;
        *s += m[i][i];
    }
}

#pragma omp task inprivate(t) out(*s)
void diag_typedef(tile_t t, double *s)
{
    t[0][0] = 1000;
    *s = t[0][0] + t[B - 1][B - 1];
}

#pragma omp task inprivate(a) inout(*s)
void vla_child(int n, int m, double a[n][m], double *s)
{
    a[0][0] = 77;
#pragma omp task inout(*s)
    {
        delay(SLOW / 4);
        *s += a[0][0] + a[n - 1][m - 1];
    }
}

#pragma omp task inprivate([2]p) out(*s) final(1)
void final_copy(int *p, int *s)
{
    p[0] = 55;
    *s = p[0] + p[1];
}

typedef double row_t[4];

/* inline tasks on parameters declared as arrays: their arrays are copied */
static double inline_params(double a[4], row_t b)
{
    double s = 0;
#pragma omp task inprivate(a, b) shared(s)
    {
        a[0] = 100;
        b[1] = 200;
#pragma omp task shared(s)
        {
            delay(SLOW / 4);
            s = a[0] + b[1] + a[3];
        }
    }
#pragma omp taskwait
    return s;
}

int main(void)
{
    rec_t r = {0, {0}};
    double s1, s2, s3, s4, s5 = 0;
    int s6;
    double a[3] = {1, 2, 3};
    static tile_t m, t;
    double v[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int p[2] = {3, 4};
    for (int i = 0; i < B; i++)
        for (int j = 0; j < B; j++)
            m[i][j] = t[i][j] = i + j;
    slow_set(&r);
    bump_rec(&r, &s1);
    scratch(3, a, &s2);
    diag_tile(m, &s3);
    diag_typedef(t, &s4);
    vla_child(2, 3, v, &s5);
    final_copy(p, &s6);
#pragma omp taskwait
    double ia[4] = {1, 2, 3, 4}, ib[4] = {5, 6, 7, 8};
    double s7 = inline_params(ia, ib);
    CHECK(s7 == 304, "inline_params saw %g, expected 304", s7);
    CHECK(ia[0] == IF_OMPSS(1, 100), "ia[0] = %g", ia[0]);
    CHECK(ib[1] == IF_OMPSS(6, 200), "ib[1] = %g", ib[1]);
    CHECK(s1 == 106, "bump_rec saw %g, expected 106", s1);
    CHECK(s2 == 2, "scratch saw %g, expected 2", s2);
    CHECK(s3 == 120, "diag_tile saw %g, expected 120", s3);
    CHECK(s4 == 1006, "diag_typedef saw %g, expected 1006", s4);
    CHECK(s5 == 83, "vla_child's child saw %g, expected 83", s5);
    CHECK(s6 == 59, "final_copy saw %d, expected 59", s6);
    /* the originals: untouched by the tasks' writes, which went to their copies */
    CHECK(r.v[0] == IF_OMPSS(1, 101), "r.v[0] = %g", r.v[0]);
    CHECK(a[0] == IF_OMPSS(1, -1), "a[0] = %g", a[0]);
    CHECK(m[2][2] == IF_OMPSS(4, 40), "m[2][2] = %g", m[2][2]);
    CHECK(t[0][0] == IF_OMPSS(0, 1000), "t[0][0] = %g", t[0][0]);
    CHECK(v[0][0] == IF_OMPSS(1, 77), "v[0][0] = %g", v[0][0]);
    CHECK(p[0] == IF_OMPSS(3, 55), "p[0] = %d", p[0]);
    return result_ok();
}
