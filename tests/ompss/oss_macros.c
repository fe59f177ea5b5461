/* Macros in `#pragma oss` lines are expanded as in `#pragma omp` ones (cpp knows no oss
 * pragmas: mcc's driver spells them omp for it), continuation lines too; and the file's
 * "headers" are found beside it (ompss_check.h).  Built by gcc: the same answer. */
#include "ompss_check.h"

#define N 64
#define BS 16
#define LAST(n) ((n) - 1)

static int a[N], sum;

int main(void)
{
    for (int i = 0; i < N; i += BS) {
#pragma oss task out(a[i;BS]) \
                 firstprivate(i)
        {
            delay(SLOW / 4);
            for (int j = i; j < i + BS; j++)
                a[j] = j;
        }
    }
#pragma oss task in(a[0:LAST(N)]) out(sum) label("sum")
    for (int i = 0; i < N; i++)
        sum += a[i];
#pragma oss taskwait on(sum)
    CHECK(sum == N * (N - 1) / 2, "sum = %d: the macros of the section were not expanded", sum);
    int x = 1;
#pragma oss task
    x++;
#pragma oss taskwait
    CHECK(x == IF_OMPSS(1, 2), "x = %d: '#pragma oss task' made no task", x);
    return result_ok();
}
