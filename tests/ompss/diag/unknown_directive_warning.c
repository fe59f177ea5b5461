/* An unknown #pragma omp construct passes through with a warning. */
int main(void)
{
    int x = 1;
#pragma omp foo bar(x)
    x--;
    return x;
}
