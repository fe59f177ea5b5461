#!/usr/bin/env bash
# An OmpSs program spread over three units and a header, built by its own Makefile with
# `CC=mcc` and `CFLAGS=--ompss -O2 -MMD -MP`: function tasks declared with their pragmas in
# the header and defined in another unit, a static function task, typedef'd array and struct
# types, an enum, global arrays declared extern, varargs logging called from tasks.  The
# same Makefile with CC=gcc (pragmas ignored) gives the output mcc's build must print under
# 1, 2 and 4 workers and every scheduler.
. "$(dirname "$0")/lib.sh"
command -v make > /dev/null || skip "skipped: no make"
# (the program's own make, not flags of a make that runs this test: -s would hide the
# commands the check below reads)
unset MAKEFLAGS MFLAGS MAKELEVEL
cat > particles.h <<'SRC'
/* particles.h: the types and tasks shared by the units */
#ifndef PARTICLES_H
#define PARTICLES_H
#include <stddef.h>

#define NP 256
#define BLK 32
#define NBLK (NP / BLK)

typedef double vec3[3];
typedef struct particle {
    vec3 pos, vel;
    double mass;
} particle;

enum log_level { LOG_INFO, LOG_STEP, NLEVELS };

extern particle parts[NP];
extern vec3 forces[NP];
extern const double dt;

/* OmpSs function tasks declared in the header, defined in forces.c */
#pragma omp task in(src[0;BLK], dst[0;BLK]) inout(f[0;BLK])
void block_forces(const particle *src, const particle *dst, vec3 *restrict f);

#pragma omp task inout(p[0;BLK]) in(f[0;BLK])
void block_move(particle *p, const vec3 *f, double step);

void log_msg(enum log_level lv, int slot, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void log_dump(void);
#endif
SRC
cat > forces.c <<'SRC'
/* forces.c: the function tasks */
#include <math.h>
#include "particles.h"

static double inv_dist3(const vec3 a, const vec3 b)
{
    double d2 = 1e-3;
    for (int k = 0; k < 3; k++)
        d2 += (a[k] - b[k]) * (a[k] - b[k]);
    return 1.0 / (d2 * sqrt(d2));
}

void block_forces(const particle *src, const particle *dst, vec3 *restrict f)
{
    for (int i = 0; i < BLK; i++)
        for (int j = 0; j < BLK; j++) {
            if (&src[j] == &dst[i])
                continue;
            double w = src[j].mass * inv_dist3(src[j].pos, dst[i].pos);
            for (int k = 0; k < 3; k++)
                f[i][k] += w * (src[j].pos[k] - dst[i].pos[k]);
        }
}

void block_move(particle *p, const vec3 *f, double step)
{
    for (int i = 0; i < BLK; i++)
        for (int k = 0; k < 3; k++) {
            p[i].vel[k] += step * f[i][k] / p[i].mass;
            p[i].pos[k] += step * p[i].vel[k];
        }
}
SRC
cat > log.c <<'SRC'
/* log.c: varargs logging called from tasks: each message goes into its own slot */
#include <stdarg.h>
#include <stdio.h>
#include "particles.h"

#define SLOTS 64
static char lines[NLEVELS][SLOTS][80];

void log_msg(enum log_level lv, int slot, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lines[lv][slot % SLOTS], sizeof lines[lv][0], fmt, ap);
    va_end(ap);
}

void log_dump(void)
{
    static const char *const names[NLEVELS] = { [LOG_INFO] = "info", [LOG_STEP] = "step" };
    for (int lv = 0; lv < NLEVELS; lv++)
        for (int s = 0; s < SLOTS; s++)
            if (lines[lv][s][0])
                printf("%s: %s\n", names[lv], lines[lv][s]);
}
SRC
cat > main.c <<'SRC'
/* main.c: a small n-body in blocks, spread over three units */
#include <stdio.h>
#include <string.h>
#include "particles.h"

particle parts[NP];
vec3 forces[NP];
const double dt = 1e-3;

#pragma omp task inout(f[0;BLK])
static void clear_block(vec3 *f, int b)
{
    memset(f, 0, sizeof(vec3) * BLK);
    log_msg(LOG_INFO, b, "cleared block %d (%s)", b, b % 2 ? "odd" : "even");
}

static void init(void)
{
    unsigned s = 4242;
    for (int i = 0; i < NP; i++) {
        for (int k = 0; k < 3; k++) {
            s = s * 1664525u + 1013904223u;
            parts[i].pos[k] = (double)(s >> 8) / (double)(1u << 24);
            parts[i].vel[k] = 0;
        }
        parts[i].mass = 1.0 + i % 3;
    }
}

int main(void)
{
    init();
    for (int step = 0; step < 4; step++) {
        for (int b = 0; b < NBLK; b++)
            clear_block(&forces[b * BLK], b);
        for (int b = 0; b < NBLK; b++)
            for (int c = 0; c < NBLK; c++)
                block_forces(&parts[c * BLK], &parts[b * BLK], &forces[b * BLK]);
        for (int b = 0; b < NBLK; b++)
            block_move(&parts[b * BLK], &forces[b * BLK], dt);
        #pragma omp task in(parts[0;NP]) firstprivate(step)
        {
            double e = 0;
            for (int i = 0; i < NP; i++)
                for (int k = 0; k < 3; k++)
                    e += 0.5 * parts[i].mass * parts[i].vel[k] * parts[i].vel[k];
            log_msg(LOG_STEP, step, "step %d kinetic %.9e", step, e);
        }
    }
    #pragma omp taskwait
    double cx = 0;
    for (int i = 0; i < NP; i++)
        cx += parts[i].pos[0] * parts[i].mass;
    log_dump();
    printf("center x %.12f\n", cx);
    return 0;
}
SRC
printf '%s\n' 'OBJS = main.o forces.o log.o' 'nbody: $(OBJS)' \
    '	$(CC) $(CFLAGS) -o $@ $(OBJS) -lm' '%.o: %.c' '	$(CC) $(CFLAGS) -c $<' \
    '-include $(OBJS:.o=.d)' 'clean:' '	rm -f nbody $(OBJS) $(OBJS:.o=.d)' > Makefile
ok make CC=gcc CFLAGS="-O2 -Wall -Wextra -Wno-unknown-pragmas -MMD -MP"
ok ./nbody
mv out.txt expected.txt
has expected.txt '^step: step 3 kinetic'
ok make clean
ok make CC="$MCC" CFLAGS="--ompss -O2 -Wall -Wextra -MMD -MP"
lacks err.txt 'warning'
has main.d 'particles.h'
for w in 1 2 4; do
    for s in bf wf dbf; do
        run env NX_ARGS="--smp-workers=$w --schedule=$s" ./nbody
        [ "$st" = 0 ] || { cat err.txt >&2; fail "exit $st with $w workers, $s"; }
        cmp -s out.txt expected.txt || { diff expected.txt out.txt >&2; fail "$w workers, $s"; }
    done
done
# a header change rebuilds the units that include it (the .d files mcc wrote)
touch particles.h
ok make CC="$MCC" CFLAGS="--ompss -O2 -Wall -Wextra -MMD -MP"
has out.txt 'forces.c'
no_temps
