#!/usr/bin/env bash
# A program written with declarations before statements (C90 style) builds with mcc under
# -Wdeclaration-after-statement -Werror: the spawn function of a function task declared in a
# header (warned in every unit including it), the creation code of an inline task, the head
# of its outlined function and the chunking of a taskloop or for loop declared their locals
# after statements, and so did the private copies of an outlined function's reductions (two
# of them here, on the loop).
. "$(dirname "$0")/lib.sh"
cat > tasks.h <<'SRC'
#pragma omp task in([n]a) inout(*s)
void part_sum(const double *a, int n, double *s);
SRC
cat > part.c <<'SRC'
#include "tasks.h"
void part_sum(const double *a, int n, double *s)
{
    int i;
    for (i = 0; i < n; i++)
        *s += a[i];
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include "tasks.h"
int main(void)
{
    double a[16], b2[16], c2[16], loc[4], s = 0.0, t = 0.0, u = 0.0;
    int b, i;
    for (i = 0; i < 16; i++)
        a[i] = i;
    for (b = 0; b < 4; b++) {
        loc[b] = 0.0;
        part_sum(a + 4 * b, 4, &loc[b]);
    }
    for (b = 0; b < 4; b++) {
#pragma omp task in(loc[b]) inout(s) firstprivate(b)
        s += loc[b];
    }
#pragma omp taskwait
#pragma omp taskloop grainsize(3) shared(b2)
    for (i = 0; i < 16; i++)
        b2[i] = a[i] + 1;
#pragma omp parallel for reduction(+ : t, u)
    for (i = 0; i < 16; i++) {
        c2[i] = 2 * b2[i];
        t += c2[i];
        u += 1.0;
    }
    printf("s=%g t=%g u=%g\n", s, t, u);
    return 0;
}
SRC
clean_build "-std=gnu99 -Wall -Wextra -Wdeclaration-after-statement -Werror" "s=120 t=272 u=16" \
    part.c app.c
no_temps
