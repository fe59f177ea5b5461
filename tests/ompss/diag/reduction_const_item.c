/* A reduction on what a `const double *` parameter points to (a mutant of the campaign:
 * reduction(+: *sum) added to a reader task): the combine would assign a const object. */
#pragma omp task in(*sum) out(*seen) reduction(+: *sum)
void read_sum(const double *sum, double *seen);

void read_sum(const double *sum, double *seen)
{
    *seen = *sum;
}

int main(void)
{
    double s = 1, seen = 0;
    read_sum(&s, &seen);
#pragma omp taskwait
    return seen == 1 ? 0 : 1;
}
