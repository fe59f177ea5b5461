/* ported-werror
 * Function tasks called through a dereference or an address of their own name, as legacy
 * code and dispatch macros write calls (`(*kernel)(args)`, `(&kernel)(args)`, a macro
 * `CALL(f, ...)` expanding to `(*f)(__VA_ARGS__)`): each is a call of the function by
 * name and creates the task, ordered by its dependences after the slow updates before it.
 * mcc took `(*bump)` for a call through a pointer: it warned and ran the function in the
 * caller, at once, before the tasks it had to follow (the rows came out mixed). */
#include <stdio.h>
#include <unistd.h>

#define NR 8
#define NC 16
#define CALL(f, ...) (*f)(__VA_ARGS__)

static double grid[NR][NC];

#pragma omp task inout(grid[r][0;NC])
static void scale_row(int r, double f)
{
  usleep(2000);
  for (int j = 0; j < NC; j++)
    grid[r][j] *= f;
}

#pragma omp task inout(grid[r][0;NC])
void shift_row(int r, double by);

void shift_row(int r, double by)
{
  usleep(500);
  for (int j = 0; j < NC; j++)
    grid[r][j] += by;
}

#pragma omp task in(grid[r][0;NC]) out(*sum)
static void row_sum(int r, double *sum)
{
  double s = 0;
  for (int j = 0; j < NC; j++)
    s += grid[r][j] * (j + 1);
  *sum = s;
}

int main(void)
{
  double sums[NR];
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      grid[i][j] = i + j * 0.25;
  for (int round = 0; round < 3; round++)
    for (int r = 0; r < NR; r++) {
      scale_row(r, 1.5);
      (*shift_row)(r, 1.0);
      (&scale_row)(r, 0.5);
      CALL(shift_row, r, -0.25);
    }
  for (int r = 0; r < NR; r++)
    (**row_sum)(r, &sums[r]);
  #pragma omp taskwait
  for (int r = 0; r < NR; r++)
    printf("row %d: %.6f\n", r, sums[r]);
  return 0;
}
