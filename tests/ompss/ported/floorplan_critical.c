/* ported: openmp
   ported-werror
   floorplan in the shape of BOTS floorplan: cells with alternative shapes placed on a board
   (a 2-D array parameter shared by the tasks, each copying it), a global best area kept under a
   named critical, the footprint array copied into each task inside a struct */
#include <stdio.h>
#include <string.h>

#define ROWS 10
#define COLS 10
#define NCELLS 6
#define MAXALT 3

typedef char board_t[ROWS][COLS];
typedef int coor[2];

struct cell {
    int n;                    /* alternatives */
    int alt[MAXALT][2];       /* height, width */
};

static const struct cell cells[NCELLS] = {
    { 2, { {2, 3}, {3, 2} } },
    { 3, { {1, 4}, {4, 1}, {2, 2} } },
    { 2, { {3, 3}, {1, 9} } },
    { 2, { {2, 1}, {1, 2} } },
    { 3, { {2, 4}, {4, 2}, {1, 8} } },
    { 1, { {3, 2} } },
};

static int best_area = ROWS * COLS + 1;
static long leaves;
static board_t best_board;

static int fits(const board_t b, int r, int c, int h, int w)
{
    if (r + h > ROWS || c + w > COLS)
        return 0;
    for (int i = r; i < r + h; i++)
        for (int j = c; j < c + w; j++)
            if (b[i][j])
                return 0;
    return 1;
}

static void add_cell(int id, coor footprint, board_t board)
{
    if (id == NCELLS) {
        int area = footprint[0] * footprint[1];
        #pragma omp atomic
        leaves++;
        #pragma omp critical(best)
        {
            if (area < best_area) {
                best_area = area;
                memcpy(best_board, board, sizeof(board_t));
            } else if (area == best_area && memcmp(board, best_board, sizeof(board_t)) < 0) {
                memcpy(best_board, board, sizeof(board_t));
            }
        }
        return;
    }
    struct { coor d; } fp = { { footprint[0], footprint[1] } };  /* an array copied by value */
    for (int a = 0; a < cells[id].n; a++) {
        int h = cells[id].alt[a][0], w = cells[id].alt[a][1];
        /* place the cell touching the current footprint's border, at each row/column */
        for (int r = 0; r <= footprint[0] && r < ROWS; r++)
            for (int c = 0; c <= footprint[1] && c < COLS; c++) {
                if (r < footprint[0] && c < footprint[1])
                    continue;
                if (!fits((const char (*)[COLS])board, r, c, h, w))
                    continue;
                #pragma omp task firstprivate(fp, r, c, h, w) shared(board) if(id < 2)
                {
                    board_t b;
                    memcpy(b, board, sizeof b);
                    for (int i = r; i < r + h; i++)
                        for (int j = c; j < c + w; j++)
                            b[i][j] = (char)('A' + id);
                    coor nf = { fp.d[0] > r + h ? fp.d[0] : r + h,
                                fp.d[1] > c + w ? fp.d[1] : c + w };
                    add_cell(id + 1, nf, b);
                }
            }
    }
    #pragma omp taskwait
}

int main(void)
{
    board_t board;
    coor fp = { 0, 0 };
    memset(board, 0, sizeof board);
    #pragma omp parallel
    #pragma omp single
    add_cell(0, fp, board);
    printf("best area %d leaves %ld\n", best_area, leaves);
    for (int i = 0; i < ROWS; i++) {
        for (int j = 0; j < COLS; j++)
            putchar(best_board[i][j] ? best_board[i][j] : '.');
        putchar('\n');
    }
    return 0;
}
