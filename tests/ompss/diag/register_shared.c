/* A register variable cannot be shared by a task: the task needs its address. */
int main(void)
{
    register int r = 3;
#pragma omp task shared(r)
    r++;
#pragma omp taskwait
    return r;
}
