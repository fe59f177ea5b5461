/* out on a pointer parameter named alone (the array it points to was meant): the error
 * says how to name the data it points to. */
#pragma omp task out(a)
void fill(double *a, int n);

void fill(double *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
}
