/* A dependence that names a parameter whose array type comes from a typedef (`inout(a)`
 * of `block_t a` with `typedef double block_t[BS][BS]`, `out(c)` of `coor c` with
 * `typedef int coor[2]`, a typedef of such a typedef, an inline task's `inout(r)` of a
 * `row_t r` parameter) is on the whole array the typedef names, as for `double a[BS][BS]`
 * (deps_array_parameter): the slow writer runs before its readers.  It was on the
 * parameter's own pointer (8 bytes of the spawn function's copy, gcc warned of 'sizeof'
 * on an array parameter): the negation ran before the fill and the sums read half-written
 * blocks. */
#include "ompss_check.h"

#define BS 6
typedef double block_t[BS][BS];
typedef block_t tile_t;
typedef int coor[2];
typedef double row_t[BS];

#pragma omp task out(a)
void fill(block_t a, double v)
{
    delay(SLOW);
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            a[i][j] = v + i - j;
}

#pragma omp task inout(a)
void negate(tile_t a)
{
    delay(SLOW / 2);
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            a[i][j] = -a[i][j];
}

#pragma omp task in(a) out(*r)
void total(const block_t a, double *r)
{
    double s = 0;
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            s += a[i][j] * (i + 1);
    *r = s;
}

#pragma omp task out(c)
void setc(coor c, int x)
{
    delay(SLOW / 2);
    c[0] = x;
    c[1] = -2 * x;
}

#pragma omp task in(c) inout(*acc)
void usec(const coor c, int *acc)
{
    *acc = *acc * 3 + c[0] + c[1];
}

/* an inline task on such a parameter */
static void add_to(row_t r, int k)
{
#pragma omp task inout(r)
    {
        delay(SLOW / 4);
        for (int i = 0; i < BS; i++)
            r[i] += k;
    }
}

int main(void)
{
    static block_t blocks[3];
    static coor cs[3];
    static row_t row;
    double sums[3];
    int acc = 1;
    for (int k = 0; k < 3; k++)
        fill(blocks[k], k);
    negate(blocks[1]);
    for (int k = 0; k < 3; k++)
        total(blocks[k], &sums[k]);
    for (int k = 0; k < 3; k++)
        setc(cs[k], k + 1);
    for (int k = 0; k < 3; k++)
        usec(cs[k], &acc);
    add_to(row, 5);
    add_to(row, 7);
#pragma omp taskwait
    for (int k = 0; k < 3; k++) {
        double want = 0;
        for (int i = 0; i < BS; i++)
            for (int j = 0; j < BS; j++)
                want += (k == 1 ? -1 : 1) * (k + i - j) * (i + 1);
        CHECK(sums[k] == want, "sum of block %d = %g, expected %g", k, sums[k], want);
    }
    int want_acc = 1;
    for (int k = 0; k < 3; k++)
        want_acc = want_acc * 3 - (k + 1);
    CHECK(acc == want_acc, "acc = %d, expected %d", acc, want_acc);
    for (int i = 0; i < BS; i++)
        CHECK(row[i] == 12, "row[%d] = %g, expected 12", i, row[i]);
    return result_ok();
}
