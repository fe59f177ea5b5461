/* A worksharing loop that writes elements indexed by a variable each thread of the region
 * has its own copy of (its thread number): a warning, and the loop runs as one task. */
int main(void)
{
    int hist[4][8] = {{0}};
#pragma omp parallel
    {
        int me = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            hist[me][i % 8]++;
    }
    return hist[0][0] - 2;
}
