/* `#pragma omp section` belongs directly inside `#pragma omp sections`. */
int main(void)
{
    int x = 0;
#pragma omp section
    x++;
    return x - 1;
}
