/* OpenMP's depend(iterator(...), type: list): an iterator needs `name = begin:end`
 * (gcc: "expected '='"), an integer type (gcc: "iterator 'k' has neither integral nor
 * pointer type"), and a ',' before the dependence type. */
int main(void)
{
    int a[8] = {0};
#pragma omp task depend(iterator(k), in : a[k])
    a[0]++;
#pragma omp task depend(iterator(double k = 0 : 4), in : a[(int)k])
    a[0]++;
#pragma omp task depend(iterator(k = 0 : 4) in : a[k])
    a[0]++;
#pragma omp taskwait
    return a[0];
}
