/* The bounds of a taskloop or for loop with effects (`i < next_count()` that counts its
 * calls, `i < n++`, a start and a step read from a queue) are evaluated once each, in the
 * order written: the first value, the bound, the step; the outer loop's before the inner
 * one's under collapse(2); also in the serial clone of a function under final.  The
 * iterations are those of the loop with those values.  mcc evaluated the bound and the
 * step in the iteration count (`i < n++` left n 2 or 3 higher and ran the wrong
 * iterations) and the first value three times, and under final at every iteration. */
#include "ompss_check.h"

enum { N = 64 };
static int hit[N][N];
static char order[32];
static int norder;

static void note(char c)
{
    if (norder < (int)sizeof order - 1)
        order[norder++] = c;
}

static int queued = 40, polls;
static int next_count(void) { polls++; return queued; }
static int first(void) { note('l'); return 3; }
static int bound(void) { note('h'); return 20; }
static int stride(void) { note('s'); return 4; }

/* every element of hit[][] is expected[][] (each iteration once), then all cleared */
static void expect_hits(const char *what, int rows, int lo, int hi, int step)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int want = i < rows && j >= lo && j < hi && (j - lo) % step == 0;
            CHECK(hit[i][j] == want, "%s: iteration [%d][%d] ran %d times, expected %d",
                  what, i, j, hit[i][j], want);
            hit[i][j] = 0;
        }
}

static void expect_order(const char *what, const char *want)
{
    order[norder] = 0;
    CHECK(strcmp(order, want) == 0, "%s: bounds evaluated as \"%s\", expected \"%s\"", what,
          order, want);
    norder = 0;
}

/* a function that creates tasks: under final its serial clone runs the loops in place */
static void count_rows(int rows)
{
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < next_count(); i += stride())
        hit[rows][i]++;
#pragma omp taskloop collapse(2)
    for (int r = 0; r < rows--; r++)
        for (int j = first(); j < bound(); j++)
            hit[r][j]++;
}

int main(void)
{
#pragma omp taskloop grainsize(3)
    for (int i = 0; i < next_count(); i++)
        hit[0][i]++;
    CHECK(polls == 1, "taskloop i < next_count(): %d calls", polls);
    expect_hits("taskloop i < next_count()", 1, 0, 40, 1);

    int n = 10;
#pragma omp taskloop num_tasks(4)
    for (int i = 0; i < n++; i++)
        hit[0][i]++;
    CHECK(n == 11, "taskloop i < n++: n is %d", n);
    expect_hits("taskloop i < n++", 1, 0, 10, 1);

#pragma omp taskloop
    for (int i = first(); i < bound(); i += stride())
        hit[0][i]++;
    expect_order("taskloop first(), bound(), stride()", "lhs");
    expect_hits("taskloop first(), bound(), stride()", 1, 3, 20, 4);

    int rows = 5;
#pragma omp taskloop collapse(2) grainsize(2)
    for (int r = 0; r < rows--; r++)
        for (int j = first(); j < bound(); j += stride())
            hit[r][j]++;
    CHECK(rows == 4, "collapse(2) r < rows--: rows is %d", rows);
    expect_order("collapse(2)", "lhs");
    expect_hits("collapse(2)", 5, 3, 20, 4);

    int m = 30;
    int *p, *end = &hit[1][0];
#pragma omp taskloop grainsize(7)
    for (p = &hit[0][0]; p < end - (m -= 2); p++)
        (*p)++;
    CHECK(m == 28, "pointer loop p < end - (m -= 2): m is %d", m);
    expect_hits("pointer loop", 1, 0, N - 28, 1);

    polls = 0;
#pragma omp parallel
#pragma omp for schedule(dynamic, 3)
    for (int i = first(); i <= next_count(); i += stride())
        hit[0][i]++;
    CHECK(polls == 1, "for i <= next_count(): %d calls", polls);
    expect_order("for first(), next_count(), stride()", "ls");
    expect_hits("for first(), next_count(), stride()", 1, 3, 41, 4);

    polls = 0;
#pragma omp task final(1)
    count_rows(3);
#pragma omp taskwait
    CHECK(polls == 1, "final: taskloop i < next_count(): %d calls", polls);
    expect_order("final: next_count(), stride(); collapse(2)", "slh");
    for (int i = 0; i < 40; i += 4)
        hit[3][i]--;
    expect_hits("final: collapse(2)", 3, 3, 20, 1);

    puts("result: OK");
    return 0;
}
