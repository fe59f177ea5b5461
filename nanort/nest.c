/*
 * nest.c - the iterations of a non-rectangular loop nest (include/nanort.h,
 * nanort_nest_count): collapse(n) over loops whose bounds are affine in the variables of
 * the loops around them (`for (i = 0; i < n; i++) for (j = i + 1; j < n; j++)`).  mcc
 * numbers the iterations 0..count-1 in the sequential order and cuts them into chunks, as
 * for a rectangular nest; a chunk's task finds its first iteration with nanort_nest_seek
 * and goes on with nanort_nest_next.  A seek walks the rows of the innermost loop (the
 * combinations of the outer variables), skipping each row whole: its cost is the number
 * of rows before the iteration, not of iterations.
 */
#include "nrt.h"

enum { NANORT_NEST_MAX = 8 };   /* mcc collapses 8 loops at most (LOWER_DIR_MAX_NEST) */

/* Loop k's coefficients: its first value's, its bound's, its step. */
static const long long *lo_of(int n, const long long *coef, int k)
{
    return coef + (long long)k * (2 * n + 1);
}

static long long affine(const long long *c, int k, const long long *v)
{
    long long x = c[k];
    for (int j = 0; j < k; j++)
        x += c[j] * v[j];
    return x;
}

static long long first_of(int n, const long long *coef, int k, const long long *v)
{
    return affine(lo_of(n, coef, k), k, v);
}

static long long bound_of(int n, const long long *coef, int k, const long long *v)
{
    return affine(lo_of(n, coef, k) + n, k, v);
}

static long long step_of(int n, const long long *coef, int k)
{
    return lo_of(n, coef, k)[2 * n];
}

/* The iterations left in loop k from v[k] on (0 when v[k] is past its bound). */
static long long left_in(int n, const long long *coef, int k, const long long *v)
{
    long long h = bound_of(n, coef, k, v), st = step_of(n, coef, k), x = v[k];
    if (st > 0)
        return h > x ? (h - x + st - 1) / st : 0;
    return h < x ? (x - h - st - 1) / -st : 0;
}

/* Loops k+1.. start from their first values; a loop with no iteration there moves the
 * loop around it on (and so on outwards).  Loop k is moved on first when `move`.  False
 * when the nest has no iteration left. */
static bool settle(int n, const long long *coef, int k, long long *v, bool move)
{
    for (;;) {
        if (move) {
            if (k < 0)
                return false;
            v[k] += step_of(n, coef, k);
            if (left_in(n, coef, k, v) == 0) {
                k--;
                continue;
            }
        }
        int j = k + 1;
        while (j < n) {
            v[j] = first_of(n, coef, j, v);
            if (left_in(n, coef, j, v) == 0)
                break;
            j++;
        }
        if (j == n)
            return true;
        k = j - 1;
        move = true;
    }
}

/* v at the nest's first iteration; false when it has none. */
static bool start(int n, const long long *coef, long long *v)
{
    v[0] = first_of(n, coef, 0, v);
    return left_in(n, coef, 0, v) > 0 && settle(n, coef, 0, v, false);
}

long long nanort_nest_count(int n, const long long *coef)
{
    long long v[NANORT_NEST_MAX], count = 0;
    if (n < 1 || n > NANORT_NEST_MAX || !start(n, coef, v))
        return 0;
    do
        count += left_in(n, coef, n - 1, v);
    while (settle(n, coef, n - 2, v, true));
    return count;
}

void nanort_nest_seek(int n, const long long *coef, long long q, long long *v)
{
    if (n < 1 || n > NANORT_NEST_MAX || !start(n, coef, v))
        return;
    for (;;) {
        long long row = left_in(n, coef, n - 1, v);
        if (q < row) {
            v[n - 1] += q * step_of(n, coef, n - 1);
            return;
        }
        q -= row;
        if (!settle(n, coef, n - 2, v, true))
            return;
    }
}

void nanort_nest_next(int n, const long long *coef, long long *v)
{
    if (n >= 1 && n <= NANORT_NEST_MAX)
        settle(n, coef, n - 1, v, true);
}
