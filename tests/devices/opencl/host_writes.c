/*
 * host_writes.c - main writes data on the host between device tasks: after a taskwait
 * (which flushes device data to the host) main changes the array, then a device task
 * reads it again; the device must see main's values, not its stale cached copy.  Also
 * a buffer freed and allocated again at the same address.
 */
#include "add_one.h"

enum { N = 1024 };

int main(void)
{
    nanort_opencl_source("add_one.cl", source, NULL);
    oclt_require(1);
    static int x[N];
    for (int i = 0; i < N; i++)
        x[i] = i;
    add_one(x, N);
    nanort_taskwait();
    OCLT_CHECK(x[5] == 6, "first task: x[5] = %d", x[5]);
    for (int i = 0; i < N; i++)
        x[i] = 100 * i;             /* main writes after the taskwait */
    add_one(x, N);
    nanort_taskwait();
    for (int i = 0; i < N; i++)
        OCLT_CHECK(x[i] == 100 * i + 1, "after main's writes: x[%d] = %d, expected %d (the "
                   "device used a stale copy)", i, x[i], 100 * i + 1);
    for (int round = 0; round < 4; round++) {
        int *y = malloc(N * sizeof *y);
        for (int i = 0; i < N; i++)
            y[i] = round * 7 + i;
        add_one(y, N);
        nanort_taskwait();
        for (int i = 0; i < N; i++)
            OCLT_CHECK(y[i] == round * 7 + i + 1, "malloc round %d: y[%d] = %d, expected %d",
                       round, i, y[i], round * 7 + i + 1);
        free(y);
    }
    printf("host_writes: the device saw main's writes after taskwait\n");
    return 0;
}
