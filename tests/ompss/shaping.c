/* Shaping: [n]p and [n][m]p view pointers as arrays (function task parameters and
 * inline tasks), and combine with sections: ([10]a)[3:4] is elements 3..4. */
#include "ompss_check.h"

#define R 6
#define C 10

#pragma omp task inout([r][c]mat)
void transform(unsigned *mat, int r, int c, unsigned k)
{
    delay(5);
    for (int i = 0; i < r * c; i++)
        mat[i] = step(mat[i], k);
}

#pragma omp task in([r][c]mat) out([r]rows)
void row_sums(const unsigned *mat, int r, int c, unsigned *rows)
{
    for (int i = 0; i < r; i++) {
        rows[i] = 0;
        for (int j = 0; j < c; j++)
            rows[i] += mat[i * c + j];
    }
}

int main(void)
{
    unsigned *mat = calloc(R * C, sizeof *mat), *rows = calloc(R, sizeof *rows);
    unsigned *a = calloc(10, sizeof *a);
    unsigned seen = 0, seen_whole = 0;
    for (unsigned k = 0; k < 4; k++)
        transform(mat, R, C, k);
    row_sums(mat, R, C, rows);

#pragma omp task out(([10]a)[3:4])
    {
        delay(SLOW);
        a[3] = 30;
        a[4] = 40;
    }
#pragma omp task in(a[4]) out(seen)
    seen = a[4];
#pragma omp task in([10]a) out(seen_whole)
    for (int i = 0; i < 10; i++)
        seen_whole += a[i];
#pragma omp taskwait

    unsigned x = 0;
    for (unsigned k = 0; k < 4; k++)
        x = step(x, k);
    for (int i = 0; i < R; i++)
        CHECK(rows[i] == C * x, "rows[%d] = %u, expected %u", i, rows[i], C * x);
    CHECK(seen == 40, "([10]a)[3:4] does not cover a[4]: saw %u", seen);
    CHECK(seen_whole == 70, "[10]a: saw %u", seen_whole);
    free(mat);
    free(rows);
    free(a);
    return result_ok();
}
