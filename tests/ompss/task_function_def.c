/* Function tasks whose pragma sits on the definition, static and extern, with shaped
 * array parameters (inout([n]v)), a pointer-to-array parameter and a struct passed
 * by value. */
#include "ompss_check.h"

#define N 40
#define BS 8

struct coef {
    unsigned mul, add;
};

#pragma omp task inout([n]v)
static void scale(unsigned *v, int n, struct coef c)
{
    delay(2);
    for (int i = 0; i < n; i++)
        v[i] = v[i] * c.mul + c.add;
}

#pragma omp task in([n]v) inout(*sum)
void accumulate(const unsigned *v, int n, unsigned *sum)
{
    for (int i = 0; i < n; i++)
        *sum = step(*sum, v[i]);
}

#pragma omp task inout(*row)
void bump_row(unsigned (*row)[BS], unsigned k)
{
    for (int j = 0; j < BS; j++)
        (*row)[j] += k + (unsigned)j;
}

static unsigned data[N], grid[4][BS];

int main(void)
{
    for (int i = 0; i < N; i++)
        data[i] = (unsigned)i;
    unsigned sum = 1;
    struct coef c = {3, 1};
    for (int b = 0; b < N; b += BS) {
        scale(&data[b], BS, c);
        c.add++;  /* by value: later calls see the new value, earlier tasks do not */
        accumulate(&data[b], BS, &sum);
    }
    for (int r = 0; r < 4; r++)
        for (unsigned k = 0; k < 3; k++)
            bump_row(&grid[r], k * (unsigned)r);
#pragma omp taskwait

    unsigned ref[N], rsum = 1;
    struct coef rc = {3, 1};
    for (int i = 0; i < N; i++)
        ref[i] = (unsigned)i;
    for (int b = 0; b < N; b += BS) {
        for (int i = b; i < b + BS; i++)
            ref[i] = ref[i] * rc.mul + rc.add;
        rc.add++;
        for (int i = b; i < b + BS; i++)
            rsum = step(rsum, ref[i]);
    }
    for (int i = 0; i < N; i++)
        CHECK(data[i] == ref[i], "data[%d] = %u, expected %u", i, data[i], ref[i]);
    CHECK(sum == rsum, "sum = %u, expected %u", sum, rsum);
    for (int r = 0; r < 4; r++)
        for (int j = 0; j < BS; j++)
            CHECK(grid[r][j] == (unsigned)(3 * r + 3 * j), "grid[%d][%d] = %u", r, j, grid[r][j]);
    return result_ok();
}
