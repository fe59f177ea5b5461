/* ported: openmp
 * ported-werror
 * OpenMP 5.0 depend objects: `#pragma omp depobj(o) depend(inout: x)` keeps a dependence
 * in an omp_depend_t, tasks name it with `depend(depobj: o)`, `update(in)` turns the
 * writers' dependence into readers' (which then run together), `update(mutexinoutset)`
 * into one at a time in any order, `destroy` releases it.  An array of them, one per
 * block (whole rows and a section through a pointer parameter), `taskwait
 * depend(depobj: o)`, and depend objects mixed with ordinary depend clauses on the same
 * data.  The producers are slow, so a dependence that is missing reads half-written data.
 * mcc refused the construct ("sorry, unimplemented: '#pragma omp depobj'"). */
#include <omp.h>
#include <stdio.h>

#define NB 6
#define BS 48

static double blk[NB][BS];
static long mutex_sum;

static void slow_fill(double *b, int n, double v, int slowness)
{
    for (int i = 0; i < n; i++) {
        volatile double w = 0;
        for (int k = 0; k < 400 * slowness; k++)
            w += k;
        b[i] = v + i + (w >= 0 ? 0 : 1);
    }
}

static double sum(const double *b, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += b[i];
    return s;
}

/* A depend object on a section of a buffer given as a pointer. */
static void on_section(omp_depend_t *o, double *buf, int lo, int len)
{
#pragma omp depobj(*o) depend(out : buf[lo : len])
}

int main(void)
{
    omp_depend_t rows[NB], tail, acc;
    (void)acc;                          /* (the sequential program uses none) */
    double firsts[NB] = {0}, reads[NB][3], seen_tail = 0, final_tail = 0;
    double buf[4 * BS] = {0};
    for (int b = 0; b < NB; b++) {
#pragma omp depobj(rows[b]) depend(inout : blk[b])
    }
    on_section(&tail, buf, 2 * BS, BS);
#pragma omp depobj(acc) depend(inout : mutex_sum)

#pragma omp parallel
#pragma omp single
    {
        /* writers through the objects, then a reader with an ordinary clause */
        for (int b = 0; b < NB; b++) {
            omp_depend_t *row = &rows[b];   /* (gcc takes rows[b] for an array section) */
            (void)row;
#pragma omp task depend(depobj : *row) firstprivate(b)
            slow_fill(blk[b], BS, b * 10.0, 1 + 3 * b);
#pragma omp task depend(depobj : *row) firstprivate(b)
            for (int i = 0; i < BS; i++)
                blk[b][i] *= 2;
#pragma omp task depend(in : blk[b]) firstprivate(b) shared(firsts)
            firsts[b] = blk[b][0] + blk[b][BS - 1];
        }
        /* the objects become readers: three readers of each row, after the writers */
        for (int b = 0; b < NB; b++) {
#pragma omp depobj(rows[b]) update(in)
            omp_depend_t *row = &rows[b];
            (void)row;
            for (int r = 0; r < 3; r++) {
#pragma omp task depend(depobj : *row) firstprivate(b, r) shared(reads)
                reads[b][r] = sum(blk[b], BS) + r;
            }
        }
        /* an ordinary writer after the readers (depend(inout) on the same rows) */
        for (int b = 0; b < NB; b++) {
#pragma omp task depend(inout : blk[b]) firstprivate(b)
            for (int i = 0; i < BS; i++)
                blk[b][i] += 1;
        }
        /* a section through the object: producer, then a taskwait on the object */
#pragma omp task depend(depobj : tail)
        slow_fill(buf + 2 * BS, BS, 7.0, 30);
#pragma omp taskwait depend(depobj : tail)
        seen_tail = sum(buf + 2 * BS, BS);
        /* mutually exclusive updates in any order, then one reader */
#pragma omp depobj(acc) update(mutexinoutset)
        for (int k = 1; k <= 20; k++) {
#pragma omp task depend(depobj : acc) firstprivate(k)
            {
                long v = mutex_sum;
                slow_fill(buf, 4, k, 1);
                mutex_sum = v + k * k;
            }
        }
#pragma omp depobj(acc) update(inout)
#pragma omp task depend(depobj : acc) shared(final_tail)
        final_tail = (double)mutex_sum;
    }

    for (int b = 0; b < NB; b++) {
#pragma omp depobj(rows[b]) destroy
    }
#pragma omp depobj(tail) destroy
#pragma omp depobj(acc) destroy

    double total = 0;
    for (int b = 0; b < NB; b++) {
        total += sum(blk[b], BS);
        printf("row %d: first+last %.1f, reads %.1f %.1f %.1f\n", b, firsts[b], reads[b][0],
               reads[b][1], reads[b][2]);
    }
    printf("total %.1f, section %.1f, mutex sum %ld (%.0f)\n", total, seen_tail, mutex_sum,
           final_tail);
    return 0;
}
