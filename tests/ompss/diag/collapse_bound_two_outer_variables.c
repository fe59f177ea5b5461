/* A loop of a collapsed nest whose two bounds name two different outer variables: gcc
 * -fopenmp refuses it. */
int main(void)
{
    long n = 0;
#pragma omp parallel for collapse(3) reduction(+: n)
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < i; j++)
            for (int k = i; k < j + 6; k++)
                n++;
    return n > 0 ? 0 : 1;
}
