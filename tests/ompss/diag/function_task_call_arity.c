/* A call of a function task with too few arguments (not valid C either) is reported at the
 * call, naming the task: gcc said "too few arguments to function 'scale__nrt_spawn'" about
 * the generated spawn function, with a note at the pragma. */
#pragma omp task inout([n]v)
void scale(double *v, int n, double f);
void scale(double *v, int n, double f)
{
    for (int i = 0; i < n; i++)
        v[i] *= f;
}

int main(void)
{
    double v[4] = {1, 2, 3, 4};
    scale(v, 4);
#pragma omp taskwait
    return v[0] == 1 ? 0 : 1;
}
