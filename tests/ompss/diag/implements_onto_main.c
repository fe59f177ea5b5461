/* `target device(smp) implements(scale)` moved onto main (a mutant of the campaign): main
 * would become a version of the task scale, called with scale's arguments.  A version of
 * a function task is a function task: it must return void. */
#pragma omp task inout([n]v)
void scale(long *v, int n);

void scale(long *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] *= 3;
}

#pragma omp target device(smp) implements(scale)
int main(void)
{
    long v[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    scale(v, 8);
#pragma omp taskwait
    return (int)v[7] - 3;
}
