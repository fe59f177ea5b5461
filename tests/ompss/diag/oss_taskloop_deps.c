/* Dependences on an OmpSs-2 taskloop (per iteration there) are not run: reported. */
int x, a[8];

void f(void)
{
#pragma oss taskloop out(a[0;8]) grainsize(2)
    for (int i = 0; i < 8; i++)
        a[i] = i;
}
