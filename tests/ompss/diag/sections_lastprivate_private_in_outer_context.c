/* sections lastprivate(t) with t firstprivate in the enclosing parallel region. */
int main(void)
{
    int t = 0;
#pragma omp parallel firstprivate(t)
    {
#pragma omp sections lastprivate(t)
        {
            t = 1;
        }
    }
    return t;
}
