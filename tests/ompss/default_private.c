/* default(private) (OpenMP 5.1) on parallel, task, taskloop and parallel for: a variable
 * no clause lists is the construct's own, uninitialised copy, so the caller's keeps its
 * value; mcc refused the clause ("unknown argument 'private'").  Sequentially (pragmas
 * ignored) the bodies write the caller's variables, hence the IF_OMPSS expectations. */
#include "ompss_check.h"

int main(void)
{
    int x = 5, y = 0, seen = 0;
#pragma omp parallel default(private) shared(seen) num_threads(2)
    {
        x = 1;
#pragma omp atomic
        seen += x;
    }
    CHECK(x == IF_OMPSS(5, 1), "parallel default(private): x = %d", x);
    CHECK(seen >= 1, "parallel default(private): seen = %d", seen);

    x = 5;
#pragma omp task default(private) shared(y)
    {
        x = 7;
        y = x * 2;
    }
#pragma omp taskwait
    CHECK(x == IF_OMPSS(5, 7) && y == 14, "task default(private): x = %d y = %d", x, y);

    int a[8], t = 3;
#pragma omp taskloop default(private) shared(a)
    for (int i = 0; i < 8; i++) {
        t = i * 3;
        a[i] = t;
    }
    CHECK(a[7] == 21 && t == IF_OMPSS(3, 21), "taskloop default(private): a[7] = %d t = %d",
          a[7], t);

    t = 3;
#pragma omp parallel for default(private) shared(a)
    for (int i = 0; i < 8; i++) {
        t = i + 1;
        a[i] = t;
    }
    CHECK(a[7] == 8 && t == IF_OMPSS(3, 8), "parallel for default(private): a[7] = %d t = %d",
          a[7], t);
    printf("default_private: ok\n");
    return 0;
}
