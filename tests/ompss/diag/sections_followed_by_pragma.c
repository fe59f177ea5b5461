/* '#pragma omp sections' must be followed by its '{': another construct in between is not
 * OpenMP (gcc -fopenmp: "expected '{' before '#pragma'"). */
int main(void)
{
    int t = 0;
#pragma omp parallel
    {
#pragma omp sections
#pragma omp critical
        {
            t = 1;
        }
    }
    return t - 1;
}
