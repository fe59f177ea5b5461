/* Under final, tasks take mcc's serial path and never reach the runtime (run.sh counts):
 * nanort's --summary must show the final task itself and none of the tasks, taskloop
 * chunks or function-body tasks under it.  Each label says which construct it is. */
#include <stdio.h>

static int leaves(int depth)
{
    int a = 0, b = 0;
    if (depth == 0)
        return 1;
    #pragma omp task shared(a) label(leaf_left)
    a = leaves(depth - 1);
    #pragma omp task shared(b) label(leaf_right)
    b = leaves(depth - 1);
    #pragma omp taskwait
    return a + b;
}

int main(void)
{
    int v[64] = {0}, n = 0, tree = 0;
    #pragma omp task /* final after a comment over two lines (the driver preprocesses
                        with -C: mcc's scan for final must follow the pragma) */ final(1) shared(v, n, tree) label(outer)
    {
        for (int i = 0; i < 10; i++) {
            #pragma omp task shared(n) label(nested)
            n += 1;
        }
        #pragma omp taskloop grainsize(1) shared(v) label(chunk)
        for (int i = 0; i < 64; i++)
            v[i] = i;
        tree = leaves(6);
    }
    #pragma omp taskwait
    int sum = 0;
    for (int i = 0; i < 64; i++)
        sum += v[i];
    printf("%d %d %d\n", n, sum, tree);
    return !(n == 10 && sum == 2016 && tree == 64);
}
