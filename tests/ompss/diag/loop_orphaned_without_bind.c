/* A `loop` construct with no bind clause and no construct around it in its function: its
 * binding region cannot be read from the source (gcc -fopenmp: "'bind' clause not
 * specified on a 'loop' construct not nested inside another OpenMP construct").  mcc ran
 * it as a worksharing loop. */
static void scale(double *v, int n, double f)
{
#pragma omp loop
    for (int i = 0; i < n; i++)
        v[i] *= f;
}

int main(void)
{
    double v[8] = { 1 };
#pragma omp parallel
    scale(v, 8, 2.0);
    return v[0] != 2.0;
}
