/* A `goto` from outside to a label inside a task body would jump into the task. */
int main(int argc, char **argv)
{
    (void)argv;
    int x = 0;
    if (argc > 5)
        goto inside;
#pragma omp task shared(x)
    {
        x = 1;
inside:
        x++;
    }
#pragma omp taskwait
    return x - 2;
}
