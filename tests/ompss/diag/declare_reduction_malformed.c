/* A malformed declare reduction used by a task: mcc crashed (SIGSEGV) after reporting
 * the error, lowering the reduction with the half-parsed declaration. */
#pragma omp declare reduction(maxabs : int)
int main(void)
{
    int m = 0;
    for (int i = -3; i < 3; i++) {
#pragma omp task reduction(maxabs: m)
        m = m > i ? m : i;
    }
#pragma omp taskwait
    return m;
}
