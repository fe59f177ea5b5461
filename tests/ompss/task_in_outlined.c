/* Tasks created inside tasks: an inline task inside an inline task (two levels of
 * outlining, captures of captures), a function task called from an inline task, and
 * dependences among the children of one task, which must not wait for unrelated
 * tasks of other parents. */
#include "ompss_check.h"

#define N 8

static unsigned grid[N][N];

#pragma omp task inout([n]row)
void fill_row(unsigned *row, int n, unsigned k)
{
    for (int j = 0; j < n; j++)
        row[j] = step(row[j], k + (unsigned)j);
}

int main(void)
{
    unsigned base = 5;
    for (int i = 0; i < N; i++) {
#pragma omp task inout(grid[i])
        {
            unsigned local = base + (unsigned)i;  /* a capture of the outer task */
            for (int r = 0; r < 3; r++) {
#pragma omp task inout(grid[i][0;N]) firstprivate(r)
                {
                    delay(2);
                    unsigned inner = local * 2;   /* captured from the outer task's frame */
#pragma omp task inout(grid[i][0;N])
                    for (int j = 0; j < N; j++)
                        grid[i][j] = step(grid[i][j], inner + (unsigned)r);
                }
                fill_row(grid[i], N, local + (unsigned)r);
            }
#pragma omp taskwait
            grid[i][0] += 1;
        }
    }
#pragma omp taskwait

    for (int i = 0; i < N; i++) {
        unsigned ref[N] = {0}, local = base + (unsigned)i;
        for (int r = 0; r < 3; r++) {
            for (int j = 0; j < N; j++)
                ref[j] = step(ref[j], local * 2 + (unsigned)r);
            for (int j = 0; j < N; j++)
                ref[j] = step(ref[j], local + (unsigned)r + (unsigned)j);
        }
        ref[0] += 1;
        for (int j = 0; j < N; j++)
            CHECK(grid[i][j] == ref[j], "grid[%d][%d] = %u, expected %u", i, j, grid[i][j], ref[j]);
    }
    return result_ok();
}
