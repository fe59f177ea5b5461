/* A non-rectangular collapsed nest whose inner variable is a long and the outer one an
 * int: gcc -fopenmp refuses it ("outer iteration variable 'i' used in condition expression
 * has type other than 'long int'"), so does mcc. */
int main(void)
{
    long n = 0;
#pragma omp parallel for collapse(2) reduction(+: n)
    for (int i = 0; i < 10; i++)
        for (long j = 0; j < i; j++)
            n += j;
    return n == 120 ? 0 : 1;
}
