/* ported: openmp
   ported-werror
   macros of system headers (INT_MIN, EOF, UINT8_MAX, INT8_MAX) followed by more of their line
   in the headers of `for`, `for simd` and `parallel for ordered` loops and a schedule's
   chunk; also in atomic, sections and task statements.  gcc -E writes a linemarker after
   such a macro when the line goes on, and mcc joined the loop's header onto one line with
   the marker inside: "stray '#' in program" */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#include <stdbool.h>

int main(void)
{
    long x = 0, y = 0, z = 0, w = 0, v = 0, u = 0;
    bool flag = false;
    #pragma omp parallel
    {
        #pragma omp for reduction(+: x) schedule(static, UINT8_MAX / 8)
        for (int i = INT_MIN + 5; i < INT_MIN + 300; i += UINT8_MAX / 100)
            x += i & 0xf;
        #pragma omp for simd reduction(+: y)
        for (int i = EOF + 1; i < UINT8_MAX + EOF; i++)
            y += i;
        #pragma omp single
        {
            #pragma omp atomic
            z += INT8_MAX + 1;
            #pragma omp atomic capture
            { w = z; z += INT8_MIN + 0; }
            flag = true && INT_MAX > 0;
        }
        #pragma omp sections reduction(+: v)
        {
            #pragma omp section
            v += INT16_MAX - 1;
            #pragma omp section
            v += UINT8_MAX * 2;
        }
    }
    #pragma omp parallel for ordered reduction(+: u)
    for (int i = 0; i < INT8_MAX - 100; i++) {
        #pragma omp ordered
        u += i * (EOF + 2);
    }
    #pragma omp task shared(u)
    u += INT_MAX - INT_MAX + 1;
    #pragma omp taskwait
    printf("%ld %ld %ld %ld %ld %ld %d\n", x, y, z, w, v, u, flag);
    return 0;
}
