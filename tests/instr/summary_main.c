/* summary_main.c - main runs 300 ms of its own code before its tasks (the runtime starts
 * with main): --summary must show that time as worker 0's "main (s)", not as its idle time
 * (run.sh summary-main checks the worker table). */
#include <stdio.h>
#include <time.h>

static void spin_ms(int ms)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

int main(void)
{
    spin_ms(300);                   /* the serial start: reading input, say */
    int done[4] = {0};
    for (int i = 0; i < 4; i++) {
#pragma omp task shared(done) firstprivate(i)
        {
            spin_ms(20);
            done[i] = 1;
        }
    }
#pragma omp taskwait
    printf("%d\n", done[0] + done[1] + done[2] + done[3]);
    return 0;
}
