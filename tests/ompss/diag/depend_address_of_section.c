/* `*&a[0:2]` in a depend clause: OpenMP's list item may be any lvalue expression (`*&x`,
   `*p++`, which mcc reads), but '&' of an array section is no C expression (gcc -fopenmp:
   "expected ']' before ':' token"). */
int main(void)
{
    int a[4] = {0};
#pragma omp task depend(inout: *&a[0:2])
    a[0]++;
#pragma omp taskwait
    return a[0];
}
