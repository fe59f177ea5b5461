/* A const object passed to a function task's non-const pointer parameter is warned of at
 * the argument, naming the task, as gcc warns of a plain call (it said "passing argument 2
 * of 'sum__nrt_spawn' discards 'const' qualifier"); the call still compiles. */
#pragma omp task out(*r) in([n]v)
void sum(double *r, double *v, int n);
void sum(double *r, double *v, int n)
{
    *r = 0;
    for (int i = 0; i < n; i++)
        *r += v[i];
}

int main(void)
{
    static const double v[3] = {1, 2, 3};
    double r;
    sum(&r, v, 3);
#pragma omp taskwait
    return r == 6 ? 0 : 1;
}
