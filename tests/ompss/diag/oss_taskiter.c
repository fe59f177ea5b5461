/* OmpSs-2's taskiter directive is not run: reported, never ignored. */
int x, a[8];

void f(void)
{
#pragma oss taskiter
    for (int i = 0; i < 8; i++)
        x++;
}
