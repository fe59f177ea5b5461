/* `for` outside any parallel region follows worksharing rules (OMPSS.md "Worksharing"):
 * the body sees the function's locals shared (a local array it fills, a scalar it only
 * reads), private/firstprivate give each chunk its own copy, lastprivate copies back the
 * sequentially last iteration's value (and the loop variable's value after the loop),
 * collapse(2) covers the whole nest, and without nowait the end waits for the chunks of
 * an earlier `for nowait` too. */
#include "ompss_check.h"

#define N 300
#define R 7
#define C 11

int main(void)
{
    int a[N], b[N], m[R][C], scale = 3, tmp = -5, last = -1, i, j;
#pragma omp for schedule(dynamic, 13)
    for (int k = 0; k < N; k++)
        a[k] = k * scale;
#pragma omp for private(tmp) lastprivate(last, i) schedule(static, 17)
    for (i = 0; i < N; i++) {
        tmp = a[i] + 1;
        b[i] = tmp;
        last = tmp;
    }
    CHECK(tmp == IF_OMPSS(-5, b[N - 1]), "private(tmp) leaked: tmp = %d", tmp);
    CHECK(last == 3 * (N - 1) + 1, "lastprivate(last) = %d", last);
    CHECK(i == N, "lastprivate(i) = %d, expected %d", i, N);
#pragma omp for collapse(2) lastprivate(j)
    for (int r = 0; r < R; r++)
        for (j = 0; j < C; j++)
            m[r][j] = r * C + j;
    CHECK(j == C, "lastprivate(j) after collapse = %d", j);
    for (int k = 0; k < N; k++)
        CHECK(a[k] == 3 * k && b[k] == 3 * k + 1, "a[%d] = %d, b[%d] = %d", k, a[k], k, b[k]);
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            CHECK(m[r][c] == r * C + c, "m[%d][%d] = %d", r, c, m[r][c]);
#pragma omp for nowait
    for (int k = 0; k < N; k++) {
        delay(k == 0 ? SLOW : 1);
        a[k] = -k - 1;
    }
#pragma omp for
    for (int k = 0; k < N; k++)
        b[k] = 0;
    CHECK(a[0] == -1 && a[N - 1] == -N, "the for nowait's chunks were not waited for: "
          "a[0] = %d", a[0]);
    return result_ok();
}
