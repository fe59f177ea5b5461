/* return, break, continue and goto leaving a critical body release the section: tasks
 * that leave it early, many times over from several workers, neither deadlock nor lose
 * an update made under it. */
#include "ompss_check.h"

static long hits, loops;

/* Leaves the critical body by return on odd i, by the end otherwise. */
static int bump_or_return(int i)
{
#pragma omp critical(early)
    {
        hits++;
        if (i % 2)
            return 1;
        loops++;
    }
    return 0;
}

#pragma omp task
void exits(int i)
{
    for (int k = 0; k < 4; k++) {
#pragma omp critical(early)
        {
            hits++;
            if (k == 1)
                continue;           /* leaves the body: the loop's continue */
            for (int j = 0; j < 3; j++) {
                if (j == 1)
                    break;          /* stays inside the body: the inner loop's break */
            }
            if (k == 2)
                break;              /* leaves the body: the outer loop's break */
        }
    }
#pragma omp critical(early)
    {
        hits++;
        if (i % 3 == 0)
            goto out;
        switch (i % 3) {
        case 1:
            break;                  /* the switch's break, inside the body */
        default:
            hits++;
        }
    }
out:
    bump_or_return(i);
}

int main(void)
{
    int rounds = 300;
    for (int i = 0; i < rounds; i++)
        exits(i);
#pragma omp taskwait
    /* per task: 3 entries in the loop (k = 0, 1, 2), 1 or 2 after it, 1 in bump_or_return */
    long want = 0, want_loops = 0;
    for (int i = 0; i < rounds; i++) {
        want += 3 + 1 + (i % 3 == 2) + 1;
        want_loops += i % 2 == 0;
    }
    CHECK(hits == want, "hits = %ld, expected %ld", hits, want);
    CHECK(loops == want_loops, "loops = %ld, expected %ld", loops, want_loops);
    return 0;
}
