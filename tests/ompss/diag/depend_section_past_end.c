/* An OpenMP depend clause's constant array section stays inside the array (gcc -fopenmp:
 * "high bound '9' above array section size in 'depend' clause"): mcc warned, as for
 * OmpSs's in/out, and built it. */
int a[8];

int main(void)
{
#pragma omp task depend(out : a[0:8])
    a[0] = 1;
#pragma omp task depend(in : a[4:4]) depend(in : a[6:3])
    a[1] = a[0];
#pragma omp taskwait
    return a[1] - 1;
}
