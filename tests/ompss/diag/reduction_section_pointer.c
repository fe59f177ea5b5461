/* A section of a pointer in a reduction needs its length (gcc: "for pointer type length
 * expression must be specified"): the pointer does not say how many elements there are.
 * On a region, a worksharing loop and an OmpSs task (whose a[lo:hi] is inclusive). */
void f(double *p, int n)
{
#pragma omp parallel reduction(+: p[:])
    p[0] += 1;
#pragma omp parallel for reduction(+: p[2:])
    for (int i = 0; i < n; i++)
        p[2] += i;
#pragma omp task reduction(+: p[1:])
    p[1] += 1;
#pragma omp taskwait
}

int main(void)
{
    double v[4] = {0};
    f(v, 4);
    return 0;
}
