/* Branches that stay inside a critical body (an inner loop's break and continue, a
 * switch's break, a goto to a label of the body): tasks taking them, many times over from
 * several workers, neither deadlock nor lose an update made under the section.  A return,
 * break, continue or goto that leaves the body is an error, as gcc -fopenmp gives it
 * (tests/ompss/diag/branch_*_critical*). */
#include "ompss_check.h"

static long hits, loops;

/* Skips the rest of the body by a goto inside it on odd i. */
static int bump_or_skip(int i)
{
    int skipped = 0;
#pragma omp critical(early)
    {
        hits++;
        if (i % 2) {
            skipped = 1;
            goto done;
        }
        loops++;
    done:;
    }
    return skipped;
}

#pragma omp task
void exits(int i)
{
    for (int k = 0; k < 4; k++) {
#pragma omp critical(early)
        {
            hits++;
            for (int j = 0; j < 3; j++) {
                if (j == k)
                    continue;       /* the inner loop's continue, inside the body */
                if (j == 1)
                    break;          /* the inner loop's break, inside the body */
            }
        }
        if (k == 2)
            break;
    }
#pragma omp critical(early)
    {
        hits++;
        switch (i % 3) {
        case 1:
            break;                  /* the switch's break, inside the body */
        case 2:
            hits++;
            break;
        default:
            break;
        }
    }
    bump_or_skip(i);
}

int main(void)
{
    int rounds = 300;
    for (int i = 0; i < rounds; i++)
        exits(i);
#pragma omp taskwait
    /* per task: 3 entries in the loop (k = 0, 1, 2), 1 or 2 after it, 1 in bump_or_skip */
    long want = 0, want_loops = 0;
    for (int i = 0; i < rounds; i++) {
        want += 3 + 1 + (i % 3 == 2) + 1;
        want_loops += i % 2 == 0;
    }
    CHECK(hits == want, "hits = %ld, expected %ld", hits, want);
    CHECK(loops == want_loops, "loops = %ld, expected %ld", loops, want_loops);
    return 0;
}
