/* A reduction on an OmpSs-2 taskloop (which does not wait) is not run: reported. */
int x, a[8];

void f(void)
{
#pragma oss taskloop reduction(+: x) grainsize(2)
    for (int i = 0; i < 8; i++)
        x += i;
}
