/* ported-werror
   Arrays a header declares without their size (`extern double grid[];`) and this unit
   defines further down, named whole in OmpSs dependences (`inout(grid)`, `in(grid)`,
   `copy_in`), in `depend(inout: flags)` and in `taskwait on(grid)`: each covers the
   array's bytes as the later definition gives them.  gcc refused mcc's `sizeof(grid)`:
   "invalid application of 'sizeof' to incomplete type 'double[]'" */
#include <stdio.h>

/* what a header shared by the units says */
#define NG 64
extern double grid[];
extern int flags[];
void relax(int sweeps);

static void slow(void)
{
    for (volatile int k = 0; k < 100000; k++)
        ;
}

void relax(int sweeps)
{
    for (int s = 0; s < sweeps; s++) {
        #pragma omp task inout(grid) firstprivate(s)
        {
            slow();
            for (int i = 1; i < NG - 1; i++)
                grid[i] = (grid[i - 1] + grid[i] + grid[i + 1]) / 3 + s;
        }
        #pragma omp task in(grid) depend(inout: flags)
        flags[0] += grid[NG / 2] > 10;
        #pragma omp task in(grid) copy_in(grid) depend(inout: flags)
        flags[1] += (int)grid[1] % 5;
    }
}

double grid[NG];
int flags[2];

int main(void)
{
    for (int i = 0; i < NG; i++)
        grid[i] = i % 7;
    relax(6);
    #pragma omp taskwait on(grid)
    double s = 0;
    for (int i = 0; i < NG; i++)
        s += grid[i] * (i + 1);
    printf("%.6f\n", s);
    #pragma omp taskwait
    printf("%d %d\n", flags[0], flags[1]);
    return 0;
}
