/* ordered(n) of a doacross nest names at least the collapsed loops (gcc -fopenmp:
 * "'ordered' clause parameter is less than 'collapse'"): mcc built it. */
int main(void)
{
    int a[4][4] = { { 0 } };
#pragma omp parallel for collapse(2) ordered(1)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            a[i][j] = i + j;
    return a[3][3] != 6;
}
