/* ported: openmp
 * ported-werror
 * Cancellation in a search loop and a taskgroup, as codes write it: `cancel for` when the
 * item is found, `cancellation point for`, `cancel taskgroup if(...)`.  OpenMP's default
 * (OMP_CANCELLATION unset, false) cancels nothing, and the results are those of the whole
 * loop; omp_get_cancellation() is 0.  mcc refused cancel ("sorry"). */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif
int main(void) {
    int found = -1, a[1000];
    for (int i = 0; i < 1000; i++) a[i] = (i * 37) % 1000;
    #pragma omp parallel
    {
        #pragma omp for
        for (int i = 0; i < 1000; i++) {
            if (a[i] == 999) {
                #pragma omp critical
                found = i;
                #pragma omp cancel for
            }
            #pragma omp cancellation point for
        }
    }
    int hits = 0;
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskgroup
    for (int t = 0; t < 10; t++) {
        #pragma omp task shared(hits)
        {
            #pragma omp atomic
            hits++;
            #pragma omp cancel taskgroup if(hits > 100)
        }
    }
#ifdef _OPENMP
    int cancellation = omp_get_cancellation();
#else
    int cancellation = 0;
#endif
    printf("%d %d %d\n", found, hits, cancellation);
    return 0;
}
