/* ported: openmp
 * ported-werror
 * Variables whose types are declared inside the function (a typedef, a struct, an enum)
 * in clauses that need the type: reduction on `parallel for`, `taskloop`, a `parallel`
 * region and `for` in it; lastprivate of a struct on `parallel for` and of a typedef'd
 * scalar on `sections`; firstprivate and shared on tasks.  mcc refused the reductions
 * and the lastprivates ("sorry, unimplemented: ... declared inside the function"). */
#include <stdio.h>

int main(void)
{
    typedef long count_t;
    typedef double real;
    struct sample {
        int at;
        double value;
    };
    enum level { LOW = 1, HIGH = 3 };

    count_t hits = 0, more = 0;
    real total = 0;
    struct sample last = {-1, 0};
    enum level lv = LOW;
#pragma omp parallel for reduction(+ : hits, total) lastprivate(last)
    for (int i = 0; i < 200; i++) {
        hits += i % 3 == 0;
        total += i * 0.25;
        last.at = i;
        last.value = i * 1.5;
    }
    count_t tl = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : tl) grainsize(8)
    for (int i = 0; i < 100; i++)
        tl += i;
    real region = 0;
#pragma omp parallel reduction(max : region)
    {
#pragma omp for reduction(+ : more)
        for (int i = 0; i < 50; i++)
            more += i;
        region = 7.5;
    }
    count_t which = 0;
#pragma omp parallel sections lastprivate(which)
    {
#pragma omp section
        which = 1;
#pragma omp section
        which = 2;
    }
    struct sample copy = last;
    count_t seen = 0;
#pragma omp task firstprivate(copy, lv) shared(seen)
    seen = copy.at * (count_t)lv;
#pragma omp taskwait
    lv = HIGH;
    printf("%ld %.2f %d %.1f %ld %ld %.1f %ld %ld %d\n", (long)hits, total, last.at,
           last.value, (long)tl, (long)more, region, (long)which, (long)seen, (int)lv);
    return 0;
}
