/* ported: openmp
 * Per-thread instrumentation counters kept in threadprivate variables (a kernel's work
 * items and flops counted by whichever thread ran them, as NPB- and Rodinia-style codes
 * count per thread), then summed over the team by regions that only read them: `parallel
 * reduction(+: ...)` adding the thread's copy, an `atomic` update and a `critical` sum in a
 * region's body, a helper of this file reading the copy.  Each thread adds its own copy
 * once, whatever thread ran the loops: the sums are the work done.  mcc ran those bodies
 * once per thread number in turn on the region's thread, each run adding that one
 * thread's copy: the sums came out multiplied by the worker count.
 */
#include <stdio.h>

#define NPOINTS 600
#define NCLUST 5

static long work_items;
static double flops;
#pragma omp threadprivate(work_items, flops)

static double pts[NPOINTS];
static int member[NPOINTS];

static double my_flops(void)
{
    return flops;
}

static void assign(const double *cent)
{
    int i;
#pragma omp parallel for schedule(dynamic, 7)
    for (i = 0; i < NPOINTS; i++) {
        int k, best = 0;
        double bd = 1e30;
        for (k = 0; k < NCLUST; k++) {
            double d = (pts[i] - cent[k]) * (pts[i] - cent[k]);
            if (d < bd) {
                bd = d;
                best = k;
            }
        }
        member[i] = best;
        work_items++;
        flops += 3.0 * NCLUST;
    }
}

int main(void)
{
    double cent[NCLUST] = {0.0, 20.0, 40.0, 60.0, 80.0};
    long items = 0, items_atomic = 0, items_critical = 0;
    double fl = 0.0, fl_helper = 0.0;
    int i, count[NCLUST] = {0};

    for (i = 0; i < NPOINTS; i++)
        pts[i] = (double)((i * 37) % 100);
    assign(cent);
    assign(cent);

#pragma omp parallel reduction(+: items, fl)
    {
        items += work_items;
        fl += flops;
    }
#pragma omp parallel
    {
#pragma omp atomic
        items_atomic += work_items;
    }
#pragma omp parallel shared(items_critical, fl_helper)
    {
#pragma omp critical(counters)
        {
            items_critical += work_items;
            fl_helper += my_flops();
        }
    }
    for (i = 0; i < NPOINTS; i++)
        count[member[i]]++;
    printf("members:");
    for (i = 0; i < NCLUST; i++)
        printf(" %d", count[i]);
    printf("\nwork items %ld %ld %ld\n", items, items_atomic, items_critical);
    printf("flops %.0f %.0f\n", fl, fl_helper);
    return 0;
}
