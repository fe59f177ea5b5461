/* copyin copies threadprivate variables (gcc: "'x' must be 'threadprivate' for
 * 'copyin'"); a static local one whose type is the function's own is not supported yet. */
static int tp;
static int plain;
#pragma omp threadprivate(tp)

int main(void)
{
    typedef int count_t;
    static count_t local_tp;
#pragma omp threadprivate(local_tp)
#pragma omp parallel copyin(tp, plain)
    tp++;
#pragma omp parallel copyin(local_tp)
    local_tp++;
    return tp + plain + local_tp;
}
