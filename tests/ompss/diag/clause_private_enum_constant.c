/* A data-sharing clause naming an enumeration constant. */
enum { RED, GREEN };
void f(int *a)
{
#pragma omp task private(GREEN)
    a[0] = GREEN;
#pragma omp taskwait
}
