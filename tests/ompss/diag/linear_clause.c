/* linear steps an integer or a pointer (gcc: "linear clause applied to non-integral
 * non-pointer variable"); a for loop's own variable is private to it already (gcc:
 * "iteration variable 'i' should not be linear"); the step is an integer. */
int main(void)
{
    double x = 0;
    int i, j = 0;
#pragma omp parallel for linear(x : 1)
    for (int k = 0; k < 4; k++)
        x += 1;
#pragma omp parallel for linear(i)
    for (i = 0; i < 4; i++)
        j++;
#pragma omp parallel for linear(j : 0.5)
    for (int k = 0; k < 4; k++)
        j++;
    return (int)x + j;
}
