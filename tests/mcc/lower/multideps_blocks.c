/* Multidependences: one reader waits for every block writer through
 * in({v[i * B; B], i = 0:NB-1}); a second one uses the lo;len iterator form with a step. */
#include "ompss_check.h"

enum { NB = 8, B = 16 };
static int v[NB * B];

#pragma omp task out(v[b * B; B])
void fill(int b)
{
    delay(50 * (NB - b));
    for (int i = 0; i < B; i++)
        v[b * B + i] = b + 1;
}

int main(void)
{
    long sum = 0, even = 0;
    for (int b = 0; b < NB; b++)
        fill(b);
#pragma omp task in({v[i * B; B], i = 0:NB-1}) shared(sum)
    for (int i = 0; i < NB * B; i++)
        sum += v[i];
#pragma omp task in({v[i * B; B], i = 0;NB:2}) shared(even)
    for (int i = 0; i < NB; i += 2)
        even += v[i * B];
#pragma omp taskwait
    CHECK(sum == (long)B * NB * (NB + 1) / 2, "sum = %ld", sum);
    CHECK(even == 1 + 3 + 5 + 7, "even = %ld", even);
    return 0;
}
