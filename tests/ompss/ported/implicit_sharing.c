/* ported: openmp
 * ported-werror
 * OpenMP's implicit data-sharing rules for tasks, where the program relies on a variable
 * being shared without saying so: a local of main declared before the `parallel` written by
 * tasks two and three levels deep (shared in the region, so shared in each nested task), a
 * struct and an array declared before the region updated through members and elements, a
 * global and a `static` local of a function written by its orphaned tasks, a local of the
 * `single` (private to the implicit task: it must be named `shared` on the task and on its
 * child, which would otherwise take it firstprivate), `default(shared)` on a region,
 * the loop variable of a `for` read by tasks of its iterations (private there:
 * firstprivate in the tasks), a pointer parameter's target written by tasks. */
#include <stdio.h>

struct acc {
    long sum;
    int hits[4];
};

long g_total;

static void orphaned(int n, long *out)
{
    static long calls;
    for (int i = 0; i < n; i++) {
#pragma omp task
        {
#pragma omp atomic
            g_total += i;
#pragma omp atomic
            calls++;
#pragma omp atomic
            *out += 2 * i;
        }
    }
#pragma omp taskwait
#pragma omp atomic
    g_total += calls * 1000;
}

int main(void)
{
    long count = 0, viaparam = 0;
    struct acc a = {0, {0}};
    int arr[8] = {0};
    long from_loop = 0;
#pragma omp parallel default(shared)
    {
#pragma omp single
        {
#pragma omp task
            {
#pragma omp task
                {
#pragma omp task
                    {
#pragma omp atomic
                        count += 100;
                    }
#pragma omp atomic
                    count += 10;
                }
#pragma omp atomic
                count += 1;
            }
            for (int k = 0; k < 8; k++) {
#pragma omp task
                {
#pragma omp atomic
                    a.sum += k;
#pragma omp atomic
                    a.hits[k % 4]++;
                    arr[k] = k * k;
                }
            }
            long local = 0;
#pragma omp task shared(local)
            {
#pragma omp task shared(local)
                {
#pragma omp atomic
                    local += 7;
                }
#pragma omp taskwait
            }
#pragma omp taskwait
            count += local;
            orphaned(10, &viaparam);
        }
#pragma omp for
        for (int i = 0; i < 16; i++) {
#pragma omp task
            {
#pragma omp atomic
                from_loop += i;
            }
        }
    }
    printf("count %ld sum %ld hits %d %d %d %d arr %d %d\n", count, a.sum, a.hits[0], a.hits[1],
           a.hits[2], a.hits[3], arr[3], arr[7]);
    printf("global %ld param %ld loop %ld\n", g_total, viaparam, from_loop);
    return 0;
}
