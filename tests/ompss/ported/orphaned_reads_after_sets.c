/* ported: openmp
 * Orphaned `for` loops in functions main calls with no region (a team of one, which runs
 * every iteration) that set a temporary first in each iteration, after which the function
 * reads the temporary where a set before the read may not have run: a set in an `if`, in
 * the body of a loop that runs no turn, in a `case` the switch jumps past, one a `goto`
 * skips to a label after it, in the right of `&&`, one after the loop in a loop around it
 * that a `break` or `continue` skips (also the break of an inner loop around it).  The read sees the last iteration's
 * value, so each loop runs as one task (mcc warns); a set in the same branch before the
 * read (mg_reused_counters) does not make it so.  mcc took the set the goto skips for one
 * that runs first and gave each task its own temporary: the function first read its own
 * -1, not the last iteration's 9; so did it with the sets a break or continue skips. */
#include <stdio.h>

#define N 64

static double a[N], b[N];

static double in_if(int flag)
{
    double t = -1.0;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = a[i] * 2.0;
        b[i] += t;
    }
    if (flag)
        t = 0.0;
    return t;
}

static double in_empty_loop(int m)
{
    double t = -1.0;
    int q;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = a[i] + 1.0;
        b[i] += t;
    }
    for (q = 0; q < m; q++)
        t = q;
    return t;
}

static double in_case(int mode)
{
    double t = -1.0, out = 0.0;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = a[i] - 3.0;
        b[i] += t;
    }
    switch (mode) {
    case 0:
        t = 100.0;
        /* fall through */
    case 1:
        out = t;
        break;
    default:
        break;
    }
    return out;
}

static double past_goto(void)
{
    double t = -1.0, out = 0.0;
    int pass = 0;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = a[i] * 3.0;
        b[i] += t;
    }
    goto first;
again:
    t = 9.0;
first:
    out += t;
    if (!pass++)
        goto again;
    return out;
}

static double in_and(int flag)
{
    double t = -1.0;
#pragma omp for
    for (int i = 0; i < N; i++) {
        t = a[i] + 0.5;
        b[i] += t;
    }
    (void)(flag && (t = 7.0));
    return t;
}

/* the construct in a loop that a break leaves before the set after it */
static double past_break(int steps)
{
    double t = -1.0;
    for (int s = 0; s < steps; s++) {
#pragma omp for
        for (int i = 0; i < N; i++) {
            t = a[i] + s;
            b[i] += t;
        }
        if (s == 1)
            break;
        t = 0.0;
    }
    return t;
}

/* ... a continue skipping the set, the next turn reading first */
static double past_continue(int steps)
{
    double t = -1.0, acc = 0.0;
    for (int s = 0; s < steps; s++) {
        acc += t;
#pragma omp for
        for (int i = 0; i < N; i++) {
            t = a[i] * s;
            b[i] += t;
        }
        if (s % 2)
            continue;
        t = 0.0;
    }
    return acc;
}

/* ... the break of an inner loop around the construct, read in the outer one */
static double past_inner_break(int steps)
{
    double t = -1.0, acc = 0.0;
    for (int r = 0; r < 2; r++) {
        for (int s = 0; s < steps; s++) {
#pragma omp for
            for (int i = 0; i < N; i++) {
                t = a[i] + s + r;
                b[i] += t;
            }
            if (s == 1)
                break;
            t = 0.0;
        }
        acc += t;
    }
    return acc;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = (double)((i * 5) % 13);
    double r1 = in_if(0), r2 = in_empty_loop(0), r3 = in_case(1), r4 = past_goto();
    double r5 = in_and(0), r6 = past_break(5), r7 = past_continue(4), r8 = past_inner_break(4);
    double s = 0.0;
    for (int i = 0; i < N; i++)
        s += b[i];
    printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", r1, r2, r3, r4, r5, r6, r7, r8,
           s);
    return 0;
}
