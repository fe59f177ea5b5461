/* A function task's dependence naming neither a parameter nor a global. */
#pragma omp task in([n]src) out([n]dst)
void copy(int n, const double *src, double *data);
void copy(int n, const double *src, double *data)
{
    for (int i = 0; i < n; i++)
        data[i] = src[i];
}
