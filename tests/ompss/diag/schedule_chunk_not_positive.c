/* schedule(dynamic, -1) with a constant chunk size (gcc -fopenmp: "chunk size value must
 * be positive"); schedule(static, 0), grainsize(0), num_tasks(-2) and num_threads(0)
 * likewise.  mcc said nothing. */
#define CHUNK (-1)

int main(void)
{
    int a[16];
#pragma omp parallel for schedule(dynamic, CHUNK)
    for (int i = 0; i < 16; i++)
        a[i] = i;
    return a[15] != 15;
}
