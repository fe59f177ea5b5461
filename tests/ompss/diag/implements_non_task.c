/* implements(fn) must name a function task; plain_f is an ordinary function. */
void plain_f(int *a, int n);

#pragma omp target device(smp) implements(plain_f)
#pragma omp task inout([n]a)
void other_f(int *a, int n);
