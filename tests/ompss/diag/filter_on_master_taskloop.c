/* filter is masked's clause: allowed on `masked taskloop`, not on `master taskloop` */
void f(int *a)
{
#pragma omp masked taskloop filter(0)
    for (int i = 0; i < 10; i++)
        a[i] = i;
#pragma omp master taskloop filter(0)
    for (int i = 0; i < 10; i++)
        a[i] = i;
}
