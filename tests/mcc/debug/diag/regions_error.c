/* Errors inside a critical section, a parallel region's single and a reduction task. */
int main(void)
{
    int total = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task reduction(+: total)
        {
            total += 1;
            total += bad_one;
        }
        #pragma omp critical
        {
            total = total + bad_two;
        }
    }
    return total;
}
