/* A multidependence whose iterator steps by 0 (gcc: "iterator 'i' has zero step"): the
 * loops over its values never ended, and the program hung when the task was created. */
int main(void)
{
    int a[4] = {0}, x = 0;
#pragma omp task in({a[i], i = 0:3:0}) inout(x)
    x = a[0];
#pragma omp taskwait
    return x;
}
