#!/usr/bin/env bash
# A C90 program (old HPC codes build with -ansi, -ansi -pedantic, -std=c89 -pedantic-errors,
# -std=gnu89) with function and inline tasks, dependences, a worksharing loop with a
# reduction, a critical section and omp.h's locks builds with mcc under those flags without
# a warning, as gcc -fopenmp builds it: the generated code is C99 (a `parallel for` gave
# "'for' loop initial declarations are only allowed in C99 or C11 mode" even without
# -pedantic; designated initialisers, compound literals, long long and the prelude's enums
# were pedantic errors), so mcc compiles the translation as C99; under gnu89 an `inline`
# function keeps gnu89's meaning (an external definition: called at -O0, it links).
. "$(dirname "$0")/lib.sh"
cat > app.c <<'SRC'
#include <stdio.h>
#include <omp.h>

/* add x to *p, one task at a time per p */
#pragma omp task inout(*p)
static void add(int *p, int x)
{
    *p += x;
}

#ifdef GNU89_INLINE
inline int twice(int x)
{
    return 2 * x;
}
#else
#define twice(x) (2 * (x))
#endif

int main(void)
{
    int v = 0, i, sum = 0, crit = 0;
    int arr[8];
    omp_lock_t lock;
    omp_init_lock(&lock);
    for (i = 0; i < 8; i++) {
        arr[i] = i;
        add(&v, arr[i]);
    }
#pragma omp taskwait
    for (i = 0; i < 8; i++) {
#pragma omp task firstprivate(i) shared(arr, lock, crit)
        {
            arr[i] = twice(arr[i]);
            omp_set_lock(&lock);
            crit++;
            omp_unset_lock(&lock);
        }
    }
#pragma omp taskwait
#pragma omp parallel for reduction(+ : sum)
    for (i = 0; i < 8; i++) {
        sum += arr[i];
#pragma omp critical
        crit++;
    }
    omp_destroy_lock(&lock);
    printf("v=%d sum=%d crit=%d\n", v, sum, crit);
    return 0;
}
SRC
for std in "-ansi" "-ansi -pedantic -Wall -Wextra -Werror" "-std=c89 -pedantic-errors" \
           "-std=c90 -pedantic-errors -Wdeclaration-after-statement" \
           "-std=gnu89 -O0 -Wall -DGNU89_INLINE"; do
    clean_build "$std" "v=28 sum=56 crit=16" app.c
done
no_temps
