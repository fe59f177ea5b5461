/* `return` out of a critical construct: gcc -fopenmp refuses it ("invalid branch to/from
 * OpenMP structured block"), so does mcc, at the return. */
int g;

int f(int x)
{
#pragma omp critical
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
