/* An OmpSs dependence on what a pointer to an array declared without its size points to
 * (`*row` of `double (*row)[]`): its bytes are not known, so mcc asks for a section.  gcc
 * refused mcc's `sizeof(*row)` ("invalid application of 'sizeof' to incomplete type
 * 'double[]'") at a column far past the pragma's line.  (In `depend` the first element
 * stands for it, as gcc -fopenmp depends on its address.) */
void clear(double (*row)[], int n);
void clear(double (*row)[], int n)
{
#pragma omp task out(*row) firstprivate(n)
    for (int i = 0; i < n; i++)
        (*row)[i] = 0;
#pragma omp taskwait
}
