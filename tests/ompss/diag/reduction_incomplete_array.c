/* A reduction over a whole array declared without its size (`extern long hist[];`, as a
 * header declares it): each thread's or task's copy cannot be made (gcc -fopenmp: "'hist'
 * has an incomplete type 'long int[]'").  mcc left gcc to refuse its generated copy
 * ("flexible array member not at end of struct", "subscripted value is neither array nor
 * pointer nor vector") at columns of mcc's code. */
extern long hist[];

void count(const int *v, int n);
void count(const int *v, int n)
{
#pragma omp parallel for reduction(+ : hist)
    for (int i = 0; i < n; i++)
        hist[v[i] % 4]++;
}
