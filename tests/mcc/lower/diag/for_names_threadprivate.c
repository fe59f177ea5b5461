/* A worksharing loop that names a threadprivate variable where no team of threads runs
 * it (orphaned in a function main calls outside any region): a warning, and the loop
 * runs as one task at once on the calling thread, whose copy the caller reads.  (In a
 * region's body, or a combined `parallel for`, a team of threads runs such a loop, each
 * thread its chunks on its own copy.) */
static int part;
#pragma omp threadprivate(part)

static void accumulate(int n)
{
#pragma omp for
    for (int i = 0; i < n; i++)
        part += i;
}

int main(void)
{
    part = 0;
    accumulate(10);
    return part - 45;
}
