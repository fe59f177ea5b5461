/* OmpSs-2's task for (one task whose iterations the workers share) is not run: reported. */
int x, a[8];

void f(void)
{
#pragma oss task for
    for (int i = 0; i < 8; i++)
        a[i] = i;
}
