/* label(name) and label("name"), tied and untied: accepted on inline and function
 * tasks and do not change what the tasks compute. */
#include "ompss_check.h"

static int v[4];

#pragma omp task label(producer) inout(*p)
void produce(int *p, int k)
{
    *p = *p * 2 + k;
}

#pragma omp task label("consumer task") untied in(*p) inout(*q)
void consume(const int *p, int *q)
{
    *q += *p;
}

int main(void)
{
    int sum = 0;
    for (int r = 0; r < 5; r++) {
        for (int i = 0; i < 4; i++)
            produce(&v[i], r);
        for (int i = 0; i < 4; i++)
            consume(&v[i], &sum);
    }
#pragma omp task tied label(tiedtask) inout(sum)
    sum += 1000;
#pragma omp task untied label("untied task") inout(sum)
    sum *= 2;
#pragma omp taskwait

    int rv = 0, rsum = 0;
    for (int r = 0; r < 5; r++) {
        rv = rv * 2 + r;
        rsum += 4 * rv;
    }
    rsum = (rsum + 1000) * 2;
    CHECK(sum == rsum, "sum = %d, expected %d", sum, rsum);
    for (int i = 0; i < 4; i++)
        CHECK(v[i] == rv, "v[%d] = %d, expected %d", i, v[i], rv);
    return result_ok();
}
