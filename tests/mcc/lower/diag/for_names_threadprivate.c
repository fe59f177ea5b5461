/* A worksharing loop that names a threadprivate variable: a warning, and the loop runs as
 * one task at once on the thread that runs the region, whose copy the region reads. */
static int part;
#pragma omp threadprivate(part)

int main(void)
{
    int total = 0;
#pragma omp parallel
    {
        part = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            part += i;
#pragma omp atomic
        total += part;
    }
    return total - 45;
}
