/* `return` out of a target region without clauses (OpenMP's: its statement runs on the
 * host): refused, as gcc -fopenmp refuses it. */
int g;

int f(int x)
{
#pragma omp target
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
