/* Task bodies that name what main declares for itself: enumeration constants, an enum type,
 * a struct tag and a typedef of the enclosing block (the shapes of programs that write
 * `enum { N = 64 };` in main), or capture an array whose size is one.  The outlined task
 * must see them, as the sequential program does; nested tasks and taskloop too. */
#include "ompss_check.h"

int main(void)
{
    enum { N = 64, HALF = N / 2 };
    enum shade { DARK = 1, LIGHT = 2 };
    struct acc { long sum; int count; };
    typedef struct acc acc_t;
    int a[N];
    long want[N];
    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma omp task inout(a[0;HALF])
    {
        struct acc s = { 0, 0 };
        for (int i = 0; i < HALF; i++) {
            s.sum += a[i];
            s.count++;
            a[i] = (int)s.sum + s.count;
        }
    }
#pragma omp task inout(a[HALF;HALF])
    {
        enum shade sh = LIGHT;
#pragma omp task inout(a[HALF;HALF]) firstprivate(sh)
        for (int i = HALF; i < N; i++)
            a[i] += N * sh;
#pragma omp taskwait
    }
    /* a body that names none of them, but captures an array whose size is one */
    int b[N];
#pragma omp task out(b)
    b[3] = 7;
#pragma omp taskwait
    acc_t total = { 0, 0 };
#pragma omp taskloop grainsize(8) shared(a)
    for (int i = 0; i < N; i++)
        a[i] += DARK;
    long s = 0;
    for (int i = 0; i < HALF; i++) {
        s += i;
        want[i] = s + i + 1 + DARK;
    }
    for (int i = HALF; i < N; i++)
        want[i] = i + N * LIGHT + DARK;
    for (int i = 0; i < N; i++) {
        CHECK(a[i] == want[i], "a[%d] = %d, expected %ld", i, a[i], want[i]);
        total.sum += a[i];
    }
    CHECK(b[3] == 7, "b[3] = %d, expected 7", b[3]);
    printf("local_types_body: ok (%ld)\n", total.sum);
    return 0;
}
