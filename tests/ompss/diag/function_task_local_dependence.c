/* A dependence of a function task that names a variable local to the function: only
 * parameters (and globals) exist where the task is created. */
#pragma omp task inout(tmp)
void f(int *p)
{
    int tmp = *p;
    *p = tmp + 1;
}
