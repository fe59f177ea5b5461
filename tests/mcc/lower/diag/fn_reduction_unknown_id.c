/* A function task's reduction identifier must be declared with `declare reduction` first. */
#pragma omp task reduction(mysum: *s)
void add(int *s, int x)
{
    *s += x;
}

int main(void)
{
    int s = 0;
    add(&s, 1);
#pragma omp taskwait
    return s - 1;
}
