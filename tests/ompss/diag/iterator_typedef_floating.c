/* An iterator's type is an integer or a pointer type, also when a typedef names it (gcc
 * -fopenmp: "iterator 'x' has neither integral nor pointer type"): mcc refused only the
 * words double, float and _Complex, and counted a 'real' or a struct iterator as a long. */
typedef double real;

int main(void)
{
    int a[4] = { 0 };
#pragma omp task depend(iterator(real x = 0 : 4), inout : a[(int)x])
    a[0]++;
#pragma omp taskwait
    return a[0] != 1;
}
