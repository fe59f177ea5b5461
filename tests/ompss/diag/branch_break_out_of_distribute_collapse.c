/* `break` in the inner loop of `distribute collapse(2)` leaves the collapsed nest: gcc
 * -fopenmp says "break statement used with OpenMP for loop", mcc reports it too. */
int main(void)
{
    int n = 0;
#pragma omp teams distribute collapse(2) reduction(+: n)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            if (j == 2)
                break;
            n++;
        }
    return n - 16;
}
