/* `goto` to a label outside the task body: an error at the goto. */
int main(void)
{
    int x = 0;
#pragma omp task shared(x)
    {
        x = 1;
        goto done;
    }
#pragma omp taskwait
done:
    return x - 1;
}
