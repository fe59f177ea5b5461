/* `return` out of a critical construct in the body of a function task: it ends the task,
 * but it leaves the critical's structured block, which gcc -fopenmp refuses. */
int g;

#pragma omp task
void add(int x)
{
#pragma omp critical
    {
        if (x > 2)
            return;
        g += x;
    }
}

int main(void)
{
    add(1);
#pragma omp taskwait
    return g - 1;
}
