/* ported: openmp
 * A local typedef of a variably modified type that defines its struct (`typedef struct {
 * double x, w; } pts[n];`), used by tasks through a pointer to such rows.  Declared again in
 * an outlined function it would be another type, so such a task stays a GNU nested
 * function (gcc's trampoline); it must still build and give the sequential result (it was
 * refused for a while as "sorry, unimplemented").  Prints the sums. */
#include <stdio.h>

static void weigh(int n, int rows, void *mem)
{
    typedef struct { double x, w; } pts[n];
    pts *p = (pts *)mem;
    for (int r = 0; r < rows; r++) {
#pragma omp task depend(inout: p[r]) firstprivate(r)
        for (int i = 0; i < n; i++) {
            p[r][i].x = r * 10 + i;
            p[r][i].w = 0.5 * i;
        }
#pragma omp task depend(inout: p[r]) firstprivate(r)
        for (int i = 0; i < n; i++)
            p[r][i].x *= p[r][i].w;
    }
#pragma omp taskwait
    double s = 0;
    for (int r = 0; r < rows; r++)
        for (int i = 0; i < n; i++)
            s += p[r][i].x;
    printf("weigh: n=%d rows=%d sum=%g size=%zu\n", n, rows, s, sizeof(pts));
}

int main(void)
{
    static struct { double x, w; } mem[6 * 5];
#pragma omp parallel
#pragma omp single
    weigh(5, 6, mem);
    return 0;
}
