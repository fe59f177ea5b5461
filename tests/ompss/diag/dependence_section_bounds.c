/* An OmpSs dependence on a constant section past the end of an array is a warning: it only
 * orders tasks, and OmpSs (whose a[lo:hi] includes hi) builds such programs.  (OpenMP's
 * depend(in : a[6:3]) is an error, as gcc -fopenmp says: depend_section_past_end.) */
int a[8];

int main(void)
{
#pragma omp task out(a[0:8])
    a[0] = 1;
#pragma omp task depend(in : a[4:4]) in(a[6;3])
    a[1] = a[0];
#pragma omp taskwait
    return a[1] - 1;
}
