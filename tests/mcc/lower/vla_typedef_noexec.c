/* Inline tasks capturing variables whose types are local typedefs of variably modified
 * types (`row *a` with `typedef double row[n]`, a VLA `vec v` through its typedef, a
 * pointer to `typedef int mat[n][m]`, the typedef named in the task and in a task it
 * creates), built unoptimised and linked with a stack that is not executable: mcc outlined
 * them as nested functions that used the enclosing frame's static chain, a trampoline on
 * the stack, and the program crashed.  The extents are the typedefs' as declared.  A
 * typedef of rows of a local struct keeps the outlined function nested (where the struct
 * is seen), the typedef declared again in it. */
/* mcc-flags: -O0 -Wl,-z,noexecstack */
#include "ompss_check.h"

static void rows(int n, double *p)
{
    typedef double row[n];
    row *a = (row *)p;
    n = 1;
#pragma omp task inout(a[0;2])
    {
        delay(50);
        a[1][3] += 1;
    }
#pragma omp task inout(a[0;2])
    a[0][0] = a[1][3] + (double)sizeof(row);
#pragma omp taskwait
    CHECK(p[7] == 1 && p[0] == 33, "p[7] = %g, p[0] = %g", p[7], p[0]);
}

static void vla(int n, int m)
{
    typedef long vec[n];
    typedef int mat[n][m];
    vec v;
    mat *mm = malloc(sizeof *mm);
    int len = n, cols = m;
    for (int i = 0; i < len; i++)
        v[i] = i;
    n = m = 0;
    long s = 0;
#pragma omp task inout(v) out(*mm) inout(s)
    {
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            s += v[i];
        for (int i = 0; i < len; i++)
            for (int j = 0; j < cols; j++)
                (*mm)[i][j] = (int)sizeof(mat);
#pragma omp task inout(s)
        {
            vec w;
            s += (long)(sizeof w / sizeof w[0]);
        }
    }
#pragma omp taskwait
    CHECK(s == 15 + 6, "s = %ld", s);
    CHECK((*mm)[5][2] == 6 * 3 * 4, "(*mm)[5][2] = %d", (*mm)[5][2]);
    free(mm);
}

static void local_struct(int n, double *p)
{
    struct pt { double x; };
    typedef struct pt prow[n];
    prow *a = (prow *)p;
    n = 0;
#pragma omp task inout(a[1])
    a[1][1].x = (double)sizeof(prow);
#pragma omp taskwait
    CHECK(p[3] == 16, "p[3] = %g", p[3]);
}

int main(void)
{
    double d[8] = {0};
    rows(4, d);
    vla(6, 3);
    local_struct(2, d);
    return 0;
}
