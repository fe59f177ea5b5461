/* A declared reduction's combiner calling a function that is not declared. */
#pragma omp declare reduction(merge : int : omp_out = combine(omp_out, omp_in))
int main(void)
{
    return 0;
}
