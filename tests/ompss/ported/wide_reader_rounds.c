/* ported-workers: 4 8 16
   Rounds of many small producers, each writing one element, and one reader of the whole
   array that carries a large firstprivate array (80 KB: a task block allocated on its own
   and given back to the system when the task ends, as malloc does above its mmap threshold,
   set here).  The reader is seldom ready when created; its last producer's completer may
   queue it, and another worker run and free it, before its creator has left the
   submission: nanort read the task's flags there, and the program died with SIGSEGV in
   about one run in five (more on a loaded machine). */
#include <stdio.h>
#include <malloc.h>

#define N 2000
#define ROUNDS 100

static double big[N];

int main(void)
{
    mallopt(M_MMAP_THRESHOLD, 64 * 1024);
    double t = 0;
    double local[10000];
    for (int i = 0; i < 10000; i++)
        local[i] = i % 7;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < N; i++) {
            #pragma omp task out(big[i])
            big[i] = i * 0.5 + r;
        }
        #pragma omp task in(big[0;N]) inout(t) firstprivate(local)
        {
            for (int i = 0; i < N; i++)
                t += big[i];
            t += local[r % 10000];
        }
    }
    #pragma omp taskwait
    printf("%.1f\n", t);
    return 0;
}
