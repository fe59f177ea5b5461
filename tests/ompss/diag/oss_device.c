/* OmpSs-2 device tasks are not run (OmpSs-1's target device is): reported. */
int x, a[8];

void f(void)
{
#pragma oss task device(cuda)
    x++;
}
