/* OmpSs-2's release directive (an early release of dependences) is not run: reported, never ignored. */
int x, a[8];

void f(void)
{
#pragma oss release in(x)
    x++;
}
