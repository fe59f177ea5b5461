/* `return` out of an OpenMP target region (run on the host as written): refused, as gcc
 * -fopenmp refuses it. */
int g;

int f(int x)
{
#pragma omp target map(tofrom: g)
    {
        if (x > 2)
            return 1;
        g++;
    }
    return 0;
}

int main(void)
{
    return f(1);
}
