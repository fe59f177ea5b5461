/* OmpSs-2's taskloop for is not run: reported. */
int x, a[8];

void f(void)
{
#pragma oss taskloop for grainsize(4)
    for (int i = 0; i < 8; i++)
        a[i] = i;
}
