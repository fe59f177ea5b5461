/* taskloop needs a canonical loop: for (i = lo; i < hi; i += step). */
int main(void)
{
    int n = 0;
#pragma omp taskloop
    for (int i = 0; n < 10; i++)
        n++;
    return 0;
}
