/* copyin on a parallel region: sorry (its tasks run on workers whose copies it would set). */
static int seed = 7;
#pragma omp threadprivate(seed)

int main(void)
{
    int s = 0;
#pragma omp parallel copyin(seed)
    s = seed;
    return s - 7;
}
