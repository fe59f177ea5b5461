/* A task capturing a local whose type is a typedef of an array of no size, completed by
 * the local's initializer (`list_t w = {3, 1, 4, 1, 5};` with `typedef int list_t[];`):
 * mcc's copy would have the typedef's incomplete type, so it says it cannot.  gcc found
 * "invalid application of 'sizeof' to incomplete type" in mcc's output. */
#include <stdio.h>
typedef int list_t[];
int main(void)
{
    list_t w = {3, 1, 4, 1, 5};
    int s = 0;
    #pragma omp task firstprivate(w) shared(s)
    { w[0] = 0; for (int i = 0; i < (int)(sizeof w / sizeof w[0]); i++) s += w[i]; }
    #pragma omp taskwait
    printf("%d %d\n", s, w[0]);
    return 0;
}
