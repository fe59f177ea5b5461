/* #pragma omp atomic on every form the lowering accepts (x op= e, x++, ++x, x--, --x,
 * x = x op e, x = e op x), on int, long and double lvalues reached through an array. */
#include "ompss_check.h"

enum { N = 200 };
static double d;
static long cnt[2];

int main(void)
{
    int up = 0, down = 2 * N, mul = 1;
    for (int i = 0; i < N; i++) {
#pragma omp task shared(up, down, mul)
        {
#pragma omp atomic
            d += 0.5;
#pragma omp atomic
            up++;
#pragma omp atomic
            ++up;
#pragma omp atomic
            down--;
#pragma omp atomic
            --down;
#pragma omp atomic
            cnt[i % 2] = cnt[i % 2] + i;
#pragma omp atomic
            cnt[1] = 1 + cnt[1];
            if (i < 10) {
#pragma omp atomic
                mul *= 2;
            }
        }
    }
#pragma omp taskwait
    CHECK(d == N * 0.5, "d = %g", d);
    CHECK(up == 2 * N && down == 0, "up = %d, down = %d", up, down);
    CHECK(cnt[0] == 9900 && cnt[1] == 10000 + N, "cnt = %ld %ld", cnt[0], cnt[1]);
    CHECK(mul == 1024, "mul = %d", mul);
    return 0;
}
