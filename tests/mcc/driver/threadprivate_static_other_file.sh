#!/usr/bin/env bash
# A parallel region whose own body calls a function of another unit that sets that
# unit's `static` threadprivate variables (a scalar and an array no other unit can name),
# then creates tasks that read them through another function of that unit on any worker.
# In OpenMP every thread runs the body, so every copy holds the new values.  mcc, seeing
# one unit at a time, left them in the copy of the worker that ran the body (gcc -fopenmp
# 240300.0; mcc 235996.0 and 182114.0 under 2 and 4 workers): each unit mcc compiles now
# registers its threadprivate variables with the runtime, which compares them around the
# call and gives every worker those that changed.
. "$(dirname "$0")/lib.sh"
cat > level.c <<'SRC'
static int level = 1;
#pragma omp threadprivate(level)
static double weights[4];
#pragma omp threadprivate(weights)
void set_level(int v)
{
    level = v;
    for (int k = 0; k < 4; k++)
        weights[k] = v * 0.5 * k;
}
double weighted(int i)
{
    return level * i + weights[i % 4];
}
SRC
cat > main.c <<'SRC'
#include <stdio.h>
void set_level(int v);
double weighted(int i);
int main(void)
{
    double sum = 0;
#pragma omp parallel
    {
        set_level(3);
#pragma omp single
        for (int i = 0; i < 400; i++) {
#pragma omp task shared(sum)
            {
                double v = weighted(i);
                for (volatile int spin = 0; spin < 20000; spin++)
                    ;
#pragma omp atomic
                sum += v;
            }
        }
    }
    printf("%.1f\n", sum);
    return 0;
}
SRC
oracle level.c main.c
mcc_agrees level.c main.c
no_temps
