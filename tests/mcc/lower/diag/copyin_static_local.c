/* copyin of a static local threadprivate variable that mcc cannot move to file scope (its
 * type is the function's own): sorry (its setter would have to be defined inside the
 * function); a global one, or a static local mcc moves, is copied in. */
static int seed = 7;
#pragma omp threadprivate(seed)

int main(void)
{
    typedef int count_t;
    static count_t local = 3;
#pragma omp threadprivate(local)
    int s = 0;
#pragma omp parallel copyin(seed, local)
    s = seed + local;
    return s - 10;
}
