/* omp_get_thread_num() called in a parallel region without omp.h: the lowering replaces
 * the call (a team of one: 0), so gcc no longer sees it and its warning of the implicit
 * declaration is mcc's (it said nothing). */
#include <stdio.h>

int main(void)
{
    int id = -1;
#pragma omp parallel
    id = omp_get_thread_num();
    printf("%d\n", id);
    return 0;
}
