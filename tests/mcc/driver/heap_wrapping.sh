#!/usr/bin/env bash
# Programs linked by mcc call nanort's free() and realloc() (-Wl,--wrap=free,--wrap=realloc:
# a block freed after `taskwait noflush` loses its device copies), from every object: a
# unit without pragmas and a pointer to free too; the rest of the program still works,
# also linked -static, where the runtime's own calls of free are wrapped as well (they
# went round in circles: the program hung).
. "$(dirname "$0")/lib.sh"
cat > tasks.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
void release(void *p);
#pragma omp task inout(*x)
static void inc(int *x) { (*x)++; }
int main(void)
{
    int *x = malloc(sizeof *x);
    *x = 1;
    for (int i = 0; i < 100; i++)
        inc(x);
#pragma omp taskwait
    printf("%d\n", *x);
    char *b = NULL;
    for (int i = 1; i < 50; i++)
        b = realloc(b, i * 100);
    release(b);
    release(x);
    return 0;
}
SRC
cat > util.c <<'SRC'
#include <stdlib.h>
static void (*const drop)(void *) = free;
void release(void *p) { drop(p); }
SRC
ok "$MCC" --ompss -v tasks.c util.c -o prog
has err.txt -- '-Wl,--wrap=free,--wrap=realloc'
runs ./prog 101
nm prog > syms.txt
has syms.txt ' U __wrap_free'
has syms.txt ' U __wrap_realloc'
ok "$MCC" --ompss -static tasks.c util.c -o prog-static
got=$(timeout 30 ./prog-static) || fail "prog-static exited with $?"
[ "$got" = 101 ] || fail "prog-static printed '$got', wanted 101"
