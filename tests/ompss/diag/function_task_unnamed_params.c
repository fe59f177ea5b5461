/* A function task declared with unnamed parameters and defined in another file: the spawn
 * function mcc writes must name them, and only a definition in this file gives names
 * (tests/ompss/ported/unnamed_param_prototypes takes them from there). */
#pragma omp task
void work(int, long *);

int main(void)
{
    long r;
    work(1, &r);
#pragma omp taskwait
    return (int)r - 1;
}
