/* ported: openmp
 * ported-werror
 * BOTS-style boards and point sets kept in variable-length arrays of types declared in
 * the function: `cell board[n][n]` of a local typedef'd struct copied into each task
 * (firstprivate) as nqueens/floorplan copy their boards, each task's copy taken before
 * the parent marks the board again, a `struct pt pts[n]` of a local
 * struct tag shared by tasks and a taskloop, a pointer to rows of a local type
 * (`cell (*rows)[n]`) handed to tasks, a VLA of a local enum type; mcc said "sorry,
 * unimplemented: capturing 'pts', whose type is declared inside the function or
 * variably modified". */
#include <stdio.h>

static long boards(int n)
{
    typedef struct {
        int queen;
        int attacked;
    } cell;
    cell board[n][n];
    long found[n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            board[i][j] = (cell){0, 0};
    for (int c = 0; c < n; c++) {
        found[c] = 0;
        /* each task places a queen in row 0 at column c on its own copy of the board */
#pragma omp task firstprivate(board, c) shared(found)
        {
            board[0][c].queen = 1;
            for (int i = 1; i < n; i++) {
                int d = i;
                board[i][c].attacked = 1;
                if (c - d >= 0)
                    board[i][c - d].attacked = 1;
                if (c + d < n)
                    board[i][c + d].attacked = 1;
            }
            long free_cells = 0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++)
                    free_cells += !board[i][j].queen && !board[i][j].attacked;
            found[c] = free_cells;
            /* backtrack: the copy as it was taken */
            board[0][c].queen = 0;
            for (int i = 1; i < n; i++)
                for (int j = 0; j < n; j++)
                    board[i][j].attacked = j == c - 1;
        }
        /* the board as the next task copies it (the last row's marks come after the
           task's copy was taken) */
        board[n - 1][c].queen = 1;
        for (int i = 1; i < n; i++)
            for (int j = 0; j < n; j++)
                board[i][j].attacked = j == c;
    }
#pragma omp taskwait
    long s = 0;
    for (int c = 0; c < n; c++)
        s = s * 7 + found[c];
    /* the parent's board is untouched by the tasks' copies */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            s += board[i][j].queen + board[i][j].attacked;
    return s;
}

static double points(int n)
{
    struct pt {
        double x, y;
    };
    enum side { LEFT = -1, ON = 0, RIGHT = 1 };
    struct pt pts[n];
    enum side sides[n];
    double dist[n];
    for (int i = 0; i < n; i++) {
        pts[i].x = i * 0.5;
        pts[i].y = (i * 7 % n) * 0.25;
    }
#pragma omp taskloop grainsize(3) shared(pts, sides)
    for (int i = 0; i < n; i++)
        sides[i] = pts[i].y > pts[i].x ? LEFT : pts[i].y < pts[i].x ? RIGHT : ON;
    for (int i = 0; i < n; i++) {
#pragma omp task shared(pts, dist) firstprivate(i)
        {
            double best = 1e30;
            for (int j = 0; j < n; j++) {
                double dx = pts[i].x - pts[j].x, dy = pts[i].y - pts[j].y;
                double d = dx * dx + dy * dy;
                if (j != i && d < best)
                    best = d;
            }
            dist[i] = best;
        }
    }
#pragma omp taskwait
    double s = 0;
    for (int i = 0; i < n; i++)
        s += dist[i] * (i + 1) + sides[i];
    return s;
}

static long rows_sum(int n)
{
    typedef struct {
        long v;
    } cell;
    cell grid[n][n];
    cell (*rows)[n] = grid;
    long sum[n];
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(rows, i) depend(out: rows[i][0:n])
        for (int j = 0; j < n; j++)
            rows[i][j].v = i * n + j;
#pragma omp task firstprivate(rows, i) depend(in: rows[i][0:n]) shared(sum)
        {
            long t = 0;
            for (int j = 0; j < n; j++)
                t += rows[i][j].v;
            sum[i] = t;
        }
    }
#pragma omp taskwait
    long s = 0;
    for (int i = 0; i < n; i++)
        s = s * 3 + sum[i];
    return s;
}

int main(void)
{
    long b = 0, r = 0;
    double p = 0;
#pragma omp parallel
#pragma omp single
    {
        b = boards(6);
        p = points(17);
        r = rows_sum(9);
    }
    printf("boards %ld\n", b);
    printf("points %.4f\n", p);
    printf("rows %ld\n", r);
    return 0;
}
