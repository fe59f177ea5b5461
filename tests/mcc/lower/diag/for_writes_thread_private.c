/* A worksharing loop that writes a variable each thread of the region has its own copy of
 * (declared in the region): a warning, and the loop runs as one task. */
int main(void)
{
    int total = 0;
#pragma omp parallel
    {
        int mine = 0;
#pragma omp for
        for (int i = 0; i < 10; i++)
            mine += i;
#pragma omp atomic
        total += mine;
    }
    return total - 45;
}
