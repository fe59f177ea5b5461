#!/usr/bin/env bash
# A parallel region whose own body calls functions of another unit that set threadprivate
# variables (declared in a shared header with their directive: `extern int scale;
# #pragma omp threadprivate(scale)`), as per-thread initialisation does: a scalar set
# through a setter, a struct and an array through a function pointer; tasks of the region
# then read them on any worker.  In OpenMP every thread runs the body, so every copy holds
# the new values; mcc runs it once and makes a copy that such a call changed every
# worker's.  It only made the writes it could see in the same unit so: tasks on the other
# workers read the old values (6 in 9 runs printed a wrong sum).
. "$(dirname "$0")/lib.sh"
cat > tp.h <<'SRC'
struct cfg { int base, step; };
extern int scale;
extern struct cfg cfg;
extern long table[4];
#pragma omp threadprivate(scale, cfg, table)
void set_scale(int s);
void set_cfg(int base, int step);
void fill_table(long v);
SRC
cat > a.c <<'SRC'
#include "tp.h"
void set_scale(int s) { scale = s; }
void set_cfg(int base, int step) { cfg.base = base; cfg.step = step; }
void fill_table(long v)
{
    for (int k = 0; k < 4; k++)
        table[k] = v * k;
}
SRC
cat > b.c <<'SRC'
#include <stdio.h>
#include "tp.h"
int scale = 1;
struct cfg cfg = {0, 1};
long table[4];

int main(void)
{
    long sum = 0;
    void (*fill)(long) = fill_table;
#pragma omp parallel
    {
        set_scale(3);
        if (scale > 1)
            set_cfg(10, 2);
        else
            set_cfg(0, 0);
        fill(5);
#pragma omp single
        for (int i = 0; i < 40; i++) {
#pragma omp task shared(sum)
            {
                long v = (long)scale * i + cfg.base + cfg.step + table[i % 4];
#pragma omp atomic
                sum += v;
            }
        }
    }
    printf("%ld\n", sum);
    return 0;
}
SRC
oracle a.c b.c
mcc_agrees a.c b.c
no_temps
