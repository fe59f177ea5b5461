/* OmpSs-2's wait clause takes no argument. */
int x, a[8];

void f(void)
{
#pragma oss task wait(1)
    x++;
}
