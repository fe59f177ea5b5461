/* device(undefined) (the seed's): the task has no definition of its own, only the
 * implementations `implements` gives it; this one has a body. */
#pragma omp target device(undefined)
#pragma omp task inout(*x)
void inc(int *x)
{
    (*x)++;
}

int main(void)
{
    int x = 0;
    inc(&x);
    return x - 1;
}
