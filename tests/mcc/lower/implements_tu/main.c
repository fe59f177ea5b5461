/* implements(fn) across translation units: main.c calls the function task scale (defined
 * in scale.c); scale_other.c implements it.  Every instance computes the same result
 * whichever version runs; under --dispatch=round-robin both versions run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scale.h"

#define N 64
#define T 40

int main(void)
{
    static int v[T][N];
    for (int t = 0; t < T; t++)
        for (int i = 0; i < N; i++)
            v[t][i] = i;
    for (int t = 0; t < T; t++) {
        scale(v[t], N, 2);
        scale(v[t], N, 3);
    }
#pragma omp taskwait
    for (int t = 0; t < T; t++)
        for (int i = 0; i < N; i++)
            if (v[t][i] != 6 * i) {
                fprintf(stderr, "v[%d][%d] = %d, expected %d\n", t, i, v[t][i], 6 * i);
                return 1;
            }
    const char *args = getenv("NX_ARGS");
    int rr = args && strstr(args, "round-robin");
    printf("plain %d, other %d\n", runs_plain, runs_other);
    if (runs_plain + runs_other != 2 * T || (rr && (runs_plain == 0 || runs_other == 0))) {
        fprintf(stderr, "versions ran %d + %d times\n", runs_plain, runs_other);
        return 1;
    }
    return 0;
}
