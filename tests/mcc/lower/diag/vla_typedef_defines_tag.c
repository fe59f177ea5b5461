/* A local typedef of a variably modified type that defines its struct cannot be declared
 * again in a task's outlined function (that would be another type): "sorry", not a nested
 * function that needs a trampoline. */
void f(int n, double *p);
void f(int n, double *p)
{
    typedef struct { double x; } pts[n];
    pts *a = (pts *)p;
#pragma omp task
    a[0][1].x = 1;
#pragma omp taskwait
}
