/* A heap buffer overflow in a task body, for AddressSanitizer (run.sh asan): its report
 * must name the body's line (marker "@overflow_N") in the function running the body.
 * argv[1]: 1 an inline task, 2 a taskloop, 3 a task nested in a task. */
#include <stdlib.h>

int main(int argc, char **argv)
{
    int which = argc > 1 ? atoi(argv[1]) : 1;
    int n = 8;
    int *v = malloc(n * sizeof *v);
    if (which == 1) {
        #pragma omp task firstprivate(v, n)
        {
            int last = n;
            v[last] = 1; /* @overflow_1 */
        }
    } else if (which == 2) {
        #pragma omp taskloop grainsize(4) firstprivate(v)
        for (int i = 0; i <= n; i++)
            v[i] = i; /* @overflow_2 */
    } else {
        #pragma omp task firstprivate(v, n)
        {
            #pragma omp task firstprivate(v, n)
            v[n + 1] = 2; /* @overflow_3 */
        }
    }
    #pragma omp taskwait
    free(v);
    return 0;
}
