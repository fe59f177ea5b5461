/* ported: openmp
 * ported-werror
 * OpenMP 5.1 atomic compare capture in the forms that keep the comparison's outcome, as
 * lock-free codes claim slots with them: `{ ok = owner[s] == FREE; if (ok) { owner[s] =
 * me; } }`, the same with `else { seen = owner[s]; }` (who holds it), and `if (x == e)
 * { x = d; } else { v = x; }` (a version counter bumped only from the value read), from
 * tasks and a `parallel for`.  Every slot is claimed once, every failed claim saw its
 * owner, every bump that failed saw the newer version.
 * mcc refused these three forms ("'#pragma omp atomic' needs ..."), which gcc 12 takes.
 * Prints the counts. */
#include <stdio.h>

#define NSLOT 64
#define NTRY 512
#define FREE (-1)

static int owner[NSLOT];
static long version;

int main(void)
{
    int won = 0, lost = 0, lost_seen_ok = 0, bumps = 0, retries = 0;
    for (int s = 0; s < NSLOT; s++)
        owner[s] = FREE;

    #pragma omp parallel
    #pragma omp single
    for (int t = 0; t < NTRY; t++) {
        #pragma omp task firstprivate(t) shared(won)
        {
            int ok, s = (t * 7) % NSLOT;
            #pragma omp atomic compare capture
            { ok = owner[s] == FREE; if (ok) { owner[s] = t; } }
            if (ok) {
                #pragma omp atomic
                won++;
            }
        }
    }

    /* the second round: every slot is taken; each try sees who holds it */
    #pragma omp parallel for reduction(+: lost, lost_seen_ok)
    for (int t = 0; t < NTRY; t++) {
        int ok, seen = FREE - 1, s = (t * 5) % NSLOT;
        #pragma omp atomic compare capture
        { ok = owner[s] == FREE; if (ok) { owner[s] = t; } else { seen = owner[s]; } }
        lost += !ok;
        lost_seen_ok += !ok && seen >= 0 && seen < NTRY && (seen * 7) % NSLOT == s;
    }

    /* version bumps: from the value last read; a failed one reads the newer version */
    #pragma omp parallel for reduction(+: bumps, retries)
    for (int t = 0; t < 100; t++) {
        long seen;
        #pragma omp atomic read
        seen = version;
        for (;;) {
            long now = seen;
            #pragma omp atomic compare capture
            if (version == seen) { version = seen + 1; } else { now = version; }
            if (now == seen)
                break;
            retries += now < seen;      /* never: versions only grow */
            seen = now;
        }
        bumps++;
    }
    printf("won=%d lost=%d lost_seen_ok=%d\n", won, lost, lost_seen_ok);
    printf("version=%ld bumps=%d backwards=%d\n", version, bumps, retries);
    return 0;
}
