/* A goto from outside into the statement of a critical construct. */
int f(int k)
{
    int x = 0;
    if (k)
        goto inside;
#pragma omp critical
    {
    inside:
        x++;
    }
    return x;
}
