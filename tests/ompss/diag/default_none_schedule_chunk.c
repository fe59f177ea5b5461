/* default(none) on a combined parallel loop whose schedule's chunk size names a variable
 * no clause lists: the region's threads evaluate the chunk (gcc -fopenmp: "'ch' not
 * specified in enclosing 'parallel'"), unlike num_threads(nt), evaluated outside it.
 * mcc accepted it. */
int main(void)
{
    int n = 100, ch = 4, nt = 2;
    double s = 0, a[100];
#pragma omp parallel for default(none) shared(a, n) schedule(dynamic, ch) num_threads(nt) reduction(+:s)
    for (int i = 0; i < n; i++) {
        a[i] = i;
        s += a[i];
    }
    return s == 4950 ? 0 : 1;
}
