/* `return` out of an OpenMP target region (run on the host as written): refused, as gcc
 * -fopenmp refuses it. */
double scale(double *v, int n)
{
    double s = 0;
#pragma omp target map(tofrom: v[0:n], s)
    for (int i = 0; i < n; i++) {
        if (v[i] < 0)
            return -1;
        s += v[i];
    }
    return s;
}

int main(void)
{
    double v[3] = {1, 2, 3};
    return scale(v, 3) == 6 ? 0 : 1;
}
