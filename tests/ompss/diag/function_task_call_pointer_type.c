/* A call of a function task with an argument of the wrong pointer type (int * for double *)
 * is reported at the argument, naming the task: gcc warned "passing argument 1 of
 * 'scale__nrt_spawn' from incompatible pointer type", about the generated spawn function,
 * with its note at the pragma.  A warning, as gcc 12's (gcc 14 refuses it): the program
 * builds and runs as gcc's does. */
#pragma omp task inout([n]v)
void scale(double *v, int n);
void scale(double *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] *= 2;
}

int main(void)
{
    int v[4] = {1, 2, 3, 4};
    scale(v, 4);
#pragma omp taskwait
    return v[0] == 2 ? 0 : 1;
}
