/* A stand-alone directive cannot be the unbraced body of a for loop. */
int main(void)
{
    int x = 0;
    for (int i = 0; i < 3; i++)
#pragma omp taskyield
    x++;
    return x - 1;
}
