/* `return` inside an inline task would end only the task: an error at the return. */
int f(int x)
{
#pragma omp task firstprivate(x)
    {
        if (x > 2)
            return 1;
        x++;
    }
#pragma omp taskwait
    return 0;
}

int main(void)
{
    return f(1);
}
