/* ported-werror
   Arrays a header declares without their size (`extern double grid[];`) and this unit
   defines further down, named whole in OmpSs dependences (`inout(grid)`, `in(grid)`,
   `copy_in`), in `depend(inout: flags)` and in `taskwait on(grid)`: each covers the
   array's bytes as the later definition gives them; `depend(inout: m->d)` on a flexible
   array member and `depend(out: *row)` through a `double (*row)[]` depend on the first
   element, as gcc -fopenmp does.  gcc refused mcc's `sizeof(grid)`, `sizeof(m->d)` and
   `sizeof(*row)`: "invalid application of 'sizeof' to incomplete type 'double[]'" */
#include <stdio.h>
#include <stdlib.h>

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

struct msg {
    int n;
    double d[];
};

/* messages whose payloads tasks fill and fold, one chain per message */
static double fold_messages(int nmsg)
{
    struct msg *m[4];
    double total = 0;
    for (int k = 0; k < nmsg; k++) {
        m[k] = malloc(sizeof *m[k] + 8 * sizeof(double));
        m[k]->n = 8;
        struct msg *p = m[k];
        #pragma omp task depend(out: p->d) firstprivate(k)
        {
            slow();
            for (int i = 0; i < p->n; i++)
                p->d[i] = k + i;
        }
        #pragma omp task depend(inout: p->d)
        for (int i = 1; i < p->n; i++)
            p->d[i] += p->d[i - 1];
        #pragma omp task depend(in: p->d) inout(total)
        total += p->d[p->n - 1];
        double (*row)[] = (double (*)[])p->d;
        #pragma omp task depend(inout: *row) inout(total)
        {
            slow();
            (*row)[0] += 0.5;
            total += (*row)[0];
        }
    }
    #pragma omp taskwait
    for (int k = 0; k < nmsg; k++)
        free(m[k]);
    return total;
}

int main(void)
{
    for (int i = 0; i < NG; i++)
        grid[i] = i % 7;
    printf("%.1f\n", fold_messages(4));
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
