/* A program using omp.h's types without including omp.h: gcc's "unknown type name" at
 * the type (with the header to include), not a syntax error at the variable's name
 * ("expected ',' or ';' before 'lock'"). */
#include <stdio.h>

int main(void)
{
    int sum = 0;
    omp_lock_t lock;
    omp_init_lock(&lock);
#pragma omp parallel for
    for (int i = 0; i < 100; i++) {
        omp_set_lock(&lock);
        sum += i;
        omp_unset_lock(&lock);
    }
    omp_destroy_lock(&lock);
    printf("%d\n", sum);
    return 0;
}
