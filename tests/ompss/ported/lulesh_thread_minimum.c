/* ported: openmp
 * LULESH's time-step constraints: a parallel region whose threads each keep a minimum and
 * the element it came from over their iterations of a `for`, then store them at their
 * thread number in arrays sized by omp_get_max_threads(), which the code after the region
 * combines (CalcCourantConstraintForElems, CalcHydroConstraintForElems); also with a
 * `nowait` loop, a region-private copy from `firstprivate`, and a `single` last.  The
 * slots start poisoned, as LULESH's stack arrays hold garbage: mcc ran the body as thread
 * 0 of a team of one and the other slots were never written. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define NE 5000

static double ss[NE], vdov[NE], arealg[NE];

static int max_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* the threads' minima into the smallest, kept where no thread found one */
static void combine(int threads, double *dt_per_thread, const int *elem_per_thread,
                    double *dt, int *elem)
{
    int at = 0;
    for (int i = 1; i < threads; i++)
        if (dt_per_thread[i] < dt_per_thread[at])
            at = i;
    if (elem_per_thread[at] != -1) {
        *dt = dt_per_thread[at];
        *elem = elem_per_thread[at];
    }
}

static void courant(int length, double qqc, double *dtcourant, int *elem)
{
    int threads = max_threads();
    double dt_per_thread[threads];
    int elem_per_thread[threads];
    for (int t = 0; t < threads; t++) {
        dt_per_thread[t] = -1.0;
        elem_per_thread[t] = -7;
    }
#pragma omp parallel firstprivate(length, qqc)
    {
        double qqc2 = 64.0 * qqc * qqc;
        double dt_tmp = *dtcourant;
        int courant_elem = -1;
#ifdef _OPENMP
        int thread_num = omp_get_thread_num();
#else
        int thread_num = 0;
#endif
#pragma omp for
        for (int i = 0; i < length; i++) {
            double dtf = ss[i] * ss[i];
            if (vdov[i] < 0.0)
                dtf = dtf + qqc2 * arealg[i] * arealg[i] * vdov[i] * vdov[i];
            dtf = 1.0 / (1.0 + dtf);
            if (dtf < dt_tmp) {
                dt_tmp = dtf;
                courant_elem = i;
            }
        }
        dt_per_thread[thread_num] = dt_tmp;
        elem_per_thread[thread_num] = courant_elem;
    }
    combine(threads, dt_per_thread, elem_per_thread, dtcourant, elem);
}

static void hydro(int length, double dvovmax, double *dthydro, int *elem)
{
    int threads = max_threads();
    double dt_per_thread[threads];
    int elem_per_thread[threads];
    for (int t = 0; t < threads; t++) {
        dt_per_thread[t] = -2.0;
        elem_per_thread[t] = -9;
    }
#pragma omp parallel firstprivate(length, dvovmax)
    {
        double dt_tmp = *dthydro;
        int hydro_elem = -1;
#ifdef _OPENMP
        int thread_num = omp_get_thread_num();
#else
        int thread_num = 0;
#endif
#pragma omp for schedule(dynamic, 64) nowait
        for (int i = 0; i < length; i++) {
            if (vdov[i] != 0.0) {
                double dtdvov = dvovmax / (vdov[i] > 0 ? vdov[i] : -vdov[i]) + 1.e-20;
                if (dt_tmp > dtdvov) {
                    dt_tmp = dtdvov;
                    hydro_elem = i;
                }
            }
        }
        dt_per_thread[thread_num] = dt_tmp;
        elem_per_thread[thread_num] = hydro_elem;
    }
    combine(threads, dt_per_thread, elem_per_thread, dthydro, elem);
}

/* the same with a `single` last in the body (a count of the calls) */
static int calls;

static double smallest_ss(void)
{
    int threads = max_threads();
    double slot[threads];
    for (int t = 0; t < threads; t++)
        slot[t] = -3.0;
#pragma omp parallel
    {
        double m = 1e30;
        int me = 0;
#ifdef _OPENMP
        me = omp_get_thread_num();
#endif
#pragma omp for
        for (int i = 0; i < NE; i++)
            if (ss[i] + i * 1e-9 < m)
                m = ss[i] + i * 1e-9;
        slot[me] = m;
#pragma omp single
        calls++;
    }
    double m = slot[0];
    for (int t = 1; t < threads; t++)
        if (slot[t] < m)
            m = slot[t];
    return m;
}

int main(void)
{
    for (int i = 0; i < NE; i++) {
        ss[i] = 1.0 + (i * 7 % 13) * 0.1;
        vdov[i] = ((i * 11) % 17 - 8) * 0.01 + i * 1e-9;
        arealg[i] = 0.5 + (i % 5) * 0.1;
    }
    for (int cycle = 0; cycle < 3; cycle++) {
        double dtc = 1e20, dth = 1e20;
        int ec = -1, eh = -1;
        courant(NE - cycle * 100, 2.0 + cycle, &dtc, &ec);
        hydro(NE - cycle * 50, 0.1 * (cycle + 1), &dth, &eh);
        printf("cycle %d courant %.10f at %d hydro %.10f at %d\n", cycle, dtc, ec, dth, eh);
        double smallest = smallest_ss();
        printf("smallest %.10f calls %d\n", smallest, calls);
    }
    return 0;
}
