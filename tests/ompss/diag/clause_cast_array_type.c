/* A cast to an array type in a clause is gcc's "cast specifies array type". */
int main(void)
{
    int a[4] = {0}, n = 1;
#pragma omp task inout(a[(int[2])n])
    a[0]++;
#pragma omp taskwait
    return a[0] - 1;
}
