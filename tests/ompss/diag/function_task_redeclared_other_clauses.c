/* A function task whose definition repeats the pragma with other clauses: mcc keeps the
 * first pragma's clauses for every call, and said nothing about the definition's (here
 * inout, so the tasks were ordered only as readers: the second scale() could run before
 * the first). */
#pragma omp task in([n]x)
void scale(int n, double *x);

#pragma omp task inout([n]x)
void scale(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] *= 2;
}

int main(void)
{
    double v[4] = {1, 2, 3, 4};
    scale(4, v);
    scale(4, v);
#pragma omp taskwait
    return v[0] == 4 ? 0 : 1;
}
