/* shared, private, firstprivate and default(none|shared|firstprivate) (a variable only in
 * sizeof needs no clause under none): a shared
 * variable is the caller's, a private one an uninitialised copy, a firstprivate one a
 * copy made when the task is created.  Sequentially (pragmas ignored) the task body
 * writes the caller's variables, hence the IF_OMPSS expectations. */
#include "ompss_check.h"

int main(void)
{
    int s = 1, p = 2, f = 3, got_f = 0;
#pragma omp task shared(s, got_f) private(p) firstprivate(f)
    {
        p = 100;
        s += 10;
        got_f = f;
        f = 50;
    }
    f = 30;
#pragma omp taskwait
    CHECK(s == 11, "shared s = %d, expected 11", s);
    CHECK(p == IF_OMPSS(2, 100), "private p = %d leaked out of the task", p);
    CHECK(got_f == 3, "firstprivate f captured as %d, expected 3", got_f);
    CHECK(f == 30, "f = %d, expected 30", f);

    int k = 7, out1 = 0;
#pragma omp task default(none) shared(out1) firstprivate(k)
    out1 = k * 2;
    k = 0;
#pragma omp taskwait
    CHECK(out1 == 14, "default(none): out1 = %d, expected 14", out1);

    /* a variable only in sizeof is not used: default(none) wants no clause for it (gcc
       -fopenmp neither; mcc asked for one) */
    double row[5];
    size_t bytes = 0;
#pragma omp task default(none) shared(bytes)
    bytes = sizeof(row) + sizeof row[0];
#pragma omp taskwait
    CHECK(bytes == 6 * sizeof(double), "default(none) with sizeof: %zu bytes", bytes);

    int c = 0, d = 4;
#pragma omp task default(shared)
    {
        c = 5;
        d += 1;
    }
#pragma omp taskwait
    CHECK(c == 5 && d == 5, "default(shared): c = %d d = %d, expected 5 5", c, d);

    int e = 6, out2 = 0;
#pragma omp task default(firstprivate) shared(out2)
    {
        out2 = e * 2;
        e = 0;
    }
#pragma omp taskwait
    CHECK(out2 == 12, "default(firstprivate): out2 = %d, expected 12", out2);
    CHECK(e == IF_OMPSS(6, 0), "default(firstprivate): e = %d changed outside", e);

    int acc = 0;
    for (int i = 0; i < 10; i++) {
#pragma omp task shared(acc) firstprivate(i)
        {
#pragma omp atomic
            acc += i;
        }
    }
#pragma omp taskwait
    CHECK(acc == 45, "acc = %d, expected 45", acc);
    return result_ok();
}
