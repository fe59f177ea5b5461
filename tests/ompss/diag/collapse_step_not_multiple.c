/* `j` from i to 2 * i + 3 by 2: the distance between its bounds grows by 1 per iteration
 * of i, no multiple of the step, which OpenMP 5.1 requires of a non-rectangular nest (gcc
 * -fopenmp: "invalid OpenMP non-rectangular loop step"). */
int main(void)
{
    long n = 0;
#pragma omp parallel for collapse(2) reduction(+: n)
    for (int i = 0; i < 10; i++)
        for (int j = i; j < 2 * i + 3; j += 2)
            n += j;
    return n > 0 ? 0 : 1;
}
