/* ported: openmp
 * `parallel sections` whose sections mcc runs in the region's task, in order: sections
 * naming a threadprivate variable (with lastprivate and a reduction), and a producer and
 * a consumer handing data over through a flag they flush; gcc rejected mcc's generated
 * code (the sections' block opened before the region's). */
#include <stdio.h>

static int tp = 3;
#pragma omp threadprivate(tp)

static int flag;
static double data[100];

int main(void)
{
    int a = 0, b = 0, last = -1;
    long sum = 0;
#pragma omp parallel sections lastprivate(last) reduction(+: sum)
    {
#pragma omp section
        {
            a = tp + 1;
            last = 1;
            sum += a;
        }
#pragma omp section
        {
            b = tp + 2;
            last = 2;
            sum += b * 10;
        }
    }
    printf("a %d b %d last %d sum %ld\n", a, b, last, sum);

    double out = 0.0;
#pragma omp parallel sections num_threads(2) shared(out)
    {
#pragma omp section
        {
            for (int i = 0; i < 100; i++)
                data[i] = i * 0.5;
#pragma omp flush
            flag = 1;
#pragma omp flush(flag)
        }
#pragma omp section
        {
            int f = 0;
            while (!f) {
#pragma omp flush(flag)
                f = flag;
            }
#pragma omp flush
            double s = 0.0;
            for (int i = 0; i < 100; i++)
                s += data[i];
            out = s;
        }
    }
    printf("out %.1f\n", out);
    return 0;
}
