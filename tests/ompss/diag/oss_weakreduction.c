/* OmpSs-2's weakreduction clause is not run: reported, never ignored. */
int x, a[8];

void f(void)
{
#pragma oss task weakreduction(+: x)
    x++;
}
