/* A sink vector has one item per loop of the doacross nest, ordered(n) of them (gcc -fopenmp:
 * "number of variables in 'depend' clause with 'sink' modifier does not match number of
 * iteration variables"): mcc skipped the vector unread, and built the loop. */
int main(void)
{
    int a[8][8] = { { 0 } };
#pragma omp parallel for ordered(2)
    for (int i = 1; i < 8; i++)
        for (int j = 1; j < 8; j++) {
#pragma omp ordered depend(sink: i - 1)
            a[i][j] = a[i - 1][j] + 1;
#pragma omp ordered depend(source)
        }
    return a[7][7] != 7;
}
