/* A reduction identifier must be declared with `declare reduction` first. */
int main(void)
{
    int s = 0;
#pragma omp task reduction(mysum: s)
    s += 1;
#pragma omp taskwait
    return s - 1;
}
