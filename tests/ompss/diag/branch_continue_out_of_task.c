/* `continue` leaving a task body for the enclosing loop: an error at the continue. */
int main(void)
{
    int v[4] = {0};
    for (int i = 0; i < 4; i++)
#pragma omp task shared(v)
    {
        if (i == 2)
            continue;
        v[i] = i;
    }
#pragma omp taskwait
    return v[0];
}
