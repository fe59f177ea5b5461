/* ported: openmp
 * ported-werror
 * Variable-length scratch arrays named in lastprivate, as relaxation codes keep the row
 * their last iteration computed: a `double row[m]` on `parallel for`, one also
 * firstprivate (each chunk starts from the values before the loop), a 2-D `long
 * blk[r][c]` on a `for` in a region and on `sections`, a VLA of a struct declared in the
 * function, a pointer to VLA rows `double (*cur)[n]` moved along a grid; mcc said "sorry,
 * unimplemented: lastprivate 'row', whose type is declared inside the function or
 * variably modified" (a taskloop's is lowered alike; gcc 12 crashes on it). */
#include <stdio.h>

static double rows(int n, int m)
{
    double grid[n][m];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            grid[i][j] = (i * 7 + j * 3) % 11;
    double row[m];
#pragma omp parallel for lastprivate(row)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            row[j] = grid[i][j] * 0.5 + (j > 0 ? grid[i][j - 1] : 0);
    double acc[m];
    for (int j = 0; j < m; j++)
        acc[j] = j;
    /* every chunk starts from the values before the loop; the last iteration's chunk
       hands its values on: the sequential loop's when the last chunk is one iteration */
#pragma omp parallel for firstprivate(acc) lastprivate(acc) schedule(static, 1)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            acc[j] = acc[j] * 0 + grid[i][j] + j;
    double s = 0;
    for (int j = 0; j < m; j++)
        s += row[j] * (j + 1) + acc[j];
    return s;
}

static long blocks(int r, int c)
{
    long blk[r][c], sec[r][c];
    long t = 0;
#pragma omp parallel
    {
#pragma omp for lastprivate(blk)
        for (int k = 0; k < 12; k++)
            for (int i = 0; i < r; i++)
                for (int j = 0; j < c; j++)
                    blk[i][j] = k * 100 + i * 10 + j;
#pragma omp sections lastprivate(sec)
        {
#pragma omp section
            for (int i = 0; i < r; i++)
                for (int j = 0; j < c; j++)
                    sec[i][j] = 1;
#pragma omp section
            for (int i = 0; i < r; i++)
                for (int j = 0; j < c; j++)
                    sec[i][j] = i - j;
        }
    }
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++)
            t += blk[i][j] * (i + 1) + sec[i][j];
    return t;
}

static double points(int n)
{
    struct pt {
        double x, y;
    };
    struct pt last[n];
    double grid[n][n];
    double (*cur)[n] = grid;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            grid[i][j] = i + j * 0.25;
#pragma omp parallel for lastprivate(last, cur)
    for (int i = 0; i < n; i++) {
        cur = grid + i;
        for (int j = 0; j < n; j++) {
            last[j].x = i + j;
            last[j].y = (*cur)[j];
        }
    }
    double s = 0;
    for (int j = 0; j < n; j++)
        s += last[j].x * 2 + last[j].y + (*cur)[j];
    return s;
}

int main(void)
{
    printf("rows %.3f\n", rows(9, 7));
    printf("blocks %ld\n", blocks(3, 4));
    printf("points %.3f\n", points(6));
    return 0;
}
