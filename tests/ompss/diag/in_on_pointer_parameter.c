/* in on a pointer parameter named alone (the array it points to was meant): the warning
 * says how to name the data it points to. */
#pragma omp task in(v) out(*s)
void total(const double *v, int n, double *s);

void total(const double *v, int n, double *s)
{
    double t = 0;
    for (int i = 0; i < n; i++)
        t += v[i];
    *s = t;
}
