/* A number gcc's lexer rejects: 0x with no digits. */
void f(int *a)
{
#pragma omp task inout(a[0x])
    a[0]++;
#pragma omp taskwait
}
