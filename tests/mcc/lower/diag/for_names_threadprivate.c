/* A worksharing loop that names a threadprivate variable, thread 0's copy kept by a
 * master: a warning, and the loop runs as one task at once on the thread that runs the
 * region, whose copy the region reads.  (A body that adds every thread's copy, as an
 * atomic `total += part`, runs on a team of threads, each thread its own copy.) */
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
#pragma omp master
        total = part;
    }
    return total - 45;
}
