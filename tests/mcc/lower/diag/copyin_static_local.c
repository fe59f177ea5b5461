/* copyin of a static local threadprivate variable: sorry (its setter would have to be
 * defined inside the function); a global one is copied in. */
static int seed = 7;
#pragma omp threadprivate(seed)

int main(void)
{
    static int local = 3;
#pragma omp threadprivate(local)
    int s = 0;
#pragma omp parallel copyin(seed, local)
    s = seed + local;
    return s - 10;
}
