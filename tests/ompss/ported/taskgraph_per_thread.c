/* ported: openmp
   ported-werror
   each thread of a `parallel num_threads(4)` region (1 without _OPENMP) relaxes its own
   rows of a grid with tasks recorded in a taskgraph, one encounter per thread and time
   step, the rows chosen by omp_get_thread_num(); the threads meet at a barrier after each
   step and a single then mixes the rows' borders (a halo exchange).  mcc took the
   taskgraph for a construct the threads could not share and ran the body once, as
   thread 0: only its rows were relaxed (a quarter of the rows); the same with the
   taskgraph in a function the body calls (with a warning) */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define T 4                         /* rows */
#define M 16
#ifdef _OPENMP
#define NP 4                        /* the team (the sequential program: 1) */
#else
#define NP 1
#endif

static int member(void)
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

static double v[T][M], w[T][M];

/* the same, its taskgraph in a function the region's body calls */
static void relax_rows(int me, int t)
{
    #pragma omp taskgraph
    {
        for (int m = me; m < T; m += NP)
            for (int k = 0; k < M; k += 4) {
                #pragma omp task depend(inout: w[m][k]) firstprivate(m, k)
                for (int i = k; i < k + 4; i++)
                    w[m][i] = w[m][i] * 0.25 + m * t;
            }
    }
}

int main(void)
{
    #pragma omp parallel num_threads(NP)
    {
        int me = member();
        for (int t = 0; t < 5; t++) {
            #pragma omp taskgraph
            {
                for (int m = me; m < T; m += NP)
                    for (int k = 0; k < M; k += 4) {
                        #pragma omp task depend(inout: v[m][k]) firstprivate(m, k)
                        for (int i = k; i < k + 4; i++)
                            v[m][i] = v[m][i] * 0.5 + m + t;
                    }
            }
            #pragma omp barrier
            #pragma omp single
            for (int m = 0; m < T; m++) {
                double x = v[m][M - 1];
                v[m][M - 1] = 0.5 * (x + v[(m + 1) % T][0]);
            }
        }
    }
    #pragma omp parallel num_threads(NP)
    {
        int me = member();
        for (int t = 0; t < 6; t++) {
            relax_rows(me, t);
            #pragma omp barrier
        }
    }
    double s = 0, sw = 0;
    for (int m = 0; m < T; m++)
        for (int i = 0; i < M; i++) {
            s += v[m][i] * (m + 1) * (i % 3 + 1);
            sw += w[m][i] * (m + 1);
        }
    printf("checksum %.6f\n", s);
    printf("called: checksum %.6f\n", sw);
    return 0;
}
