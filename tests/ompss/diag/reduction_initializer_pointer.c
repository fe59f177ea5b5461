/* declare reduction's initializer assigns a pointer to the private copy, a struct */
#include <stdio.h>
struct stats { int n; double s; };
#pragma omp declare reduction(merge : struct stats : omp_out.n += omp_in.n, omp_out.s += omp_in.s) initializer(omp_priv = &(struct stats){0, 0.0})

int main(void)
{
    struct stats st = {0, 0};
#pragma omp taskloop reduction(merge : st)
    for (int i = 0; i < 10; i++) {
        st.n++;
        st.s += i;
    }
    printf("%d %g\n", st.n, st.s);
    return 0;
}
