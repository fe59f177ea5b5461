/* A task using two local typedefs of variably modified types of one name (of nested
 * blocks) cannot declare both again in its outlined function: "sorry", never the wrong
 * one's extents. */
void f(int n, int m, double *p);
void f(int n, int m, double *p)
{
    typedef double row[n];
    row *a = (row *)p;
    {
        typedef int row[m];
        row *b = (row *)p;
#pragma omp task
        a[0][0] = b[0][0];
#pragma omp taskwait
    }
}
