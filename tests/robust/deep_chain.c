/* A chain of nested tasks, each creating the next and waiting for it (a recursive
 * descent written with tasks), N levels deep (argv[1]); `if0` as argv[2] makes every
 * task undeferred (if(0)), so the whole chain runs on one thread's stack.  Prints the
 * depth reached and the sum of the levels; exits 0 when both are right. */
#include <stdio.h>
#include <stdlib.h>

static long reached, sum;
static int undeferred;

static void descend(int n)
{
    if (n == 0)
        return;
    reached++;
    sum += n;
    #pragma omp task firstprivate(n) if(!undeferred)
    descend(n - 1);
    #pragma omp taskwait
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 30000;
    undeferred = argc > 2 && argv[2][0] == 'i';
    descend(n);
    printf("depth %ld sum %ld\n", reached, sum);
    return reached == n && sum == (long)n * (n + 1) / 2 ? 0 : 1;
}
