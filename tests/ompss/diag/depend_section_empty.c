/* An OpenMP depend clause's array section is not empty (gcc -fopenmp: "zero length array
 * section in 'depend' clause"), also when its start is an iterator's variable: mcc built
 * a task that depended on nothing. */
int main(void)
{
    int a[8] = { 0 };
#pragma omp task depend(iterator(i = 0:4), out : a[i:0])
    a[0] = 1;
#pragma omp taskwait
    return a[0] - 1;
}
