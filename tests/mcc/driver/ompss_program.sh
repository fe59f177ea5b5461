#!/usr/bin/env bash
# A real OmpSs program (inline tasks with dependences, taskwait, omp.h) built with
# `mcc --ompss` runs and computes what its sequential reading says.
. "$(dirname "$0")/lib.sh"
cat > tasks.c <<'SRC'
#include <stdio.h>
#include <omp.h>
#define N 8
int main(void)
{
    int a[N], sum = 0;
    for (int i = 0; i < N; i++) {
#pragma omp task out(a[i])
        a[i] = i * i;
    }
    for (int i = 0; i < N; i++) {
#pragma omp task in(a[i]) inout(sum)
        sum += a[i];
    }
#pragma omp taskwait
    printf("%d %d\n", sum, omp_get_num_threads() >= 1);
    return 0;
}
SRC
ok "$MCC" --ompss tasks.c -o prog
runs ./prog "140 1"
no_temps
