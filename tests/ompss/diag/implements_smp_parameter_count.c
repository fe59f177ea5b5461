/* An smp version of a task with fewer parameters than the task it implements: the
 * runtime calls it with the task's arguments, so the counts must agree. */
#pragma omp task inout([n]v)
void scale(long *v, int n);

#pragma omp target device(smp) implements(scale)
#pragma omp task inout([8]v)
void scale_fixed(long *v);

void scale(long *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] *= 3;
}

void scale_fixed(long *v)
{
    for (int i = 0; i < 8; i++)
        v[i] += v[i] + v[i];
}

int main(void)
{
    long v[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    scale(v, 8);
#pragma omp taskwait
    return (int)v[7] - 3;
}
