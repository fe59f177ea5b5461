/* A worksharing loop reducing a section of the array its parallel region reduces (gcc:
 * "reduction variable 'a' is private in outer context"): each thread's copy would stand
 * for the original. */
int main(void)
{
    int a[8] = {0};
#pragma omp parallel reduction(+ : a[0:4])
    {
#pragma omp for reduction(+ : a[0:4])
        for (int i = 0; i < 100; i++)
            a[i % 4] += 1;
    }
    return a[0] - 100;
}
