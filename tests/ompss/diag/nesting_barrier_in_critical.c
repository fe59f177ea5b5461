/* A barrier inside a critical section: not every thread of the team reaches it. */
int main(void)
{
    int n = 0;
#pragma omp parallel
    {
#pragma omp critical
        {
            n++;
#pragma omp barrier
        }
    }
    return n - 1;
}
