#!/usr/bin/env bash
# OmpSs function tasks defined `inline` in a header that several units include: a C99
# inline function (an inline definition in each unit, the external one in the unit that
# declares it `extern inline`), the same under -std=gnu89 (`extern inline` there is the
# inline-only definition, a plain definition in one unit the external one), and a static
# inline one.  mcc made the task type a strong definition in every unit with a body:
# "multiple definition of `acc_bump__nrt_type'" at link time, also from an archive of
# the units (ar rcs) built by a Makefile with -MMD -MP.  Run, each prints the sequential
# program's result.
. "$(dirname "$0")/lib.sh"
cat > acc.h <<'C'
#ifndef ACC_H
#define ACC_H
#pragma omp task inout(*x)
inline void acc_bump(long *x, long k)
{
    *x = *x * 3 + k;
}
#pragma omp task in([n]v) inout(*x)
static inline void acc_add(long *x, const long *v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        *x += v[i];
}
long part_a(void);
long part_b(void);
#endif
C
cat > a.c <<'C'
#include "acc.h"
extern inline void acc_bump(long *x, long k);
long part_a(void)
{
    long x = 1, v[3] = {1, 2, 3};
    int k;
    for (k = 0; k < 5; k++)
        acc_bump(&x, k);
    acc_add(&x, v, 3);
#pragma omp taskwait
    return x;
}
C
cat > b.c <<'C'
#include "acc.h"
long part_b(void)
{
    long x = 2, v[2] = {10, 20};
    int k;
    for (k = 0; k < 4; k++)
        acc_bump(&x, 2 * k);
    acc_add(&x, v, 2);
#pragma omp taskwait
    return x;
}
C
cat > main.c <<'C'
#include <stdio.h>
#include "acc.h"
int main(void)
{
    long x = 5;
    acc_bump(&x, 1);
#pragma omp taskwait
    printf("%ld %ld %ld\n", part_a(), part_b(), x);
    return 0;
}
C
want="307 228 16"
ok gcc -O2 -Wno-unknown-pragmas a.c b.c main.c -o seq
runs ./seq "$want"
ok "$MCC" -O2 -Wall -Wextra -Werror a.c b.c main.c -o app
for w in 1 2 4; do NX_ARGS=--smp-workers=$w runs ./app "$want"; done

# a Makefile with CC=mcc: the units in a static library, dependency files
cat > Makefile <<'MK'
CFLAGS = -O0 -g -Wall -Werror
DEPFLAGS = -MMD -MP
prog: main.o libacc.a
	$(CC) $(CFLAGS) -o $@ main.o -L. -lacc
libacc.a: a.o b.o
	$(AR) rcs $@ $^
%.o: %.c
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@
-include a.d b.d main.d
MK
ok make CC="$MCC"
exists a.d b.d main.d
NX_ARGS=--smp-workers=2 runs ./prog "$want"

# gnu89: `extern inline` is the inline-only definition, a plain one the external one
sed -e 's/^inline void acc_bump/extern inline void acc_bump/' acc.h > acc89.h
sed -e 's/acc\.h/acc89.h/' -e 's/^extern inline void acc_bump(long \*x, long k);$//' a.c > a89.c
sed -e 's/acc\.h/acc89.h/' b.c > b89.c
sed -e 's/acc\.h/acc89.h/' main.c > main89.c
cat > def89.c <<'C'
#pragma omp task inout(*x)
void acc_bump(long *x, long k)
{
    *x = *x * 3 + k;
}
C
ok gcc -std=gnu89 -O2 -Wno-unknown-pragmas a89.c b89.c main89.c def89.c -o seq89
runs ./seq89 "$want"
ok "$MCC" -std=gnu89 -O2 a89.c b89.c main89.c def89.c -o app89
NX_ARGS=--smp-workers=2 runs ./app89 "$want"
no_temps
