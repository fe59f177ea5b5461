/* OmpSs-2's lint directive is not run: reported, never ignored. */
int x, a[8];

void f(void)
{
#pragma oss lint in(x)
    x++;
}
