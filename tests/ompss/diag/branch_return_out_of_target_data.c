/* `return` out of a target data construct's block: refused, as gcc -fopenmp refuses it. */
int f(int *a, int n)
{
#pragma omp target data map(tofrom: a[0:n])
    {
        if (n == 0)
            return 1;
        a[0]++;
    }
    return 0;
}

int main(void)
{
    int a[2] = {0};
    return f(a, 2) + a[0] - 1;
}
