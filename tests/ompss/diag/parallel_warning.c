/* #pragma omp parallel is accepted with a warning and its body runs as plain code. */
int main(void)
{
    int x = 0;
#pragma omp parallel
    x++;
    return x - 1;
}
