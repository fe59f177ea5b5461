/* A global named only in a clause of a construct nested in a default(none) region is used
 * by the region too (gcc -fopenmp: "'total' not specified in enclosing 'parallel'"); a
 * loop variable, even a global one, is predetermined private and needs no clause. */
int total, gi;

int main(void)
{
    int a[8];
#pragma omp parallel for default(none) shared(a)
    for (gi = 0; gi < 8; gi++)
        a[gi] = gi;
#pragma omp parallel default(none) shared(a)
#pragma omp single
    {
#pragma omp task depend(inout: total) shared(a)
        a[0] += 1;
    }
    return a[0] != 1;
}
