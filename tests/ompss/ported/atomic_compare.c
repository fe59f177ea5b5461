/* ported: openmp
 * ported-werror
 * OpenMP 5.1 atomic compare: a running minimum and maximum (`if (v < mn) { mn = v; }`,
 * `mx = v > mx ? v : mx`, x on either side), claims of free slots (`if (owner[s] == -1) {
 * owner[s] = i; }`, with capture to learn who won), the hints that change nothing here
 * (memory orders, `hint`, `fail`, critical's `hint`, task `affinity`).  mcc refused every
 * one of them ("unknown clause 'compare' in 'atomic' directive", 'hint', 'affinity',
 * 'relaxed'). */
#include <stdio.h>

#define N 20000
#define SLOTS 64

static int val(int i)
{
    return (int)((i * 7919L + 13) % 100003) - 50000;
}

int main(void)
{
    int mn = 1 << 30, mx = -(1 << 30), mn2 = 1 << 30, mx2 = -(1 << 30);
    int owner[SLOTS], won = 0, claims = 0, done = 0, hits = 0;
    for (int s = 0; s < SLOTS; s++)
        owner[s] = -1;
#pragma omp parallel for
    for (int i = 0; i < N; i++) {
        int v = val(i);
#pragma omp atomic compare
        if (v < mn) { mn = v; }
#pragma omp atomic compare hint(0)
        mx = v > mx ? v : mx;
#pragma omp atomic compare seq_cst
        if (mn2 > v) { mn2 = v; }
#pragma omp atomic compare relaxed
        mx2 = mx2 < v ? v : mx2;
        int s = i % SLOTS, before;
        /* the first iteration that reaches a slot owns it: the old value says who won */
#pragma omp atomic compare capture
        { before = owner[s]; if (owner[s] == -1) { owner[s] = i; } }
        if (before == -1) {
#pragma omp atomic update acq_rel
            won++;
        }
#pragma omp atomic
        claims++;
    }
    /* a single flag set once; the new value read back */
    int flag = 0, seen;
#pragma omp atomic compare capture
    { if (flag == 0) { flag = 42; } seen = flag; }
#pragma omp parallel
#pragma omp single
    for (int t = 0; t < 8; t++) {
#pragma omp task affinity(owner[t]) shared(done, hits)
        {
#pragma omp critical (tally) hint(0)
            done += t;
#pragma omp atomic compare
            if (hits == t) { hits = t + 100; }
        }
    }
    /* every slot owned by one of the first SLOTS iterations (the loop's order does not
     * matter: the sum of the owners' slots is fixed) */
    long owned = 0;
    for (int s = 0; s < SLOTS; s++)
        owned += owner[s] % SLOTS == s;
    printf("min %d %d, max %d %d, slots %ld owned, %d won of %d claims, flag %d/%d, "
           "tasks %d, hits %s\n", mn, mn2, mx, mx2, owned, won, claims, flag, seen, done,
           hits >= 100 ? "set" : "unset");
    return 0;
}
