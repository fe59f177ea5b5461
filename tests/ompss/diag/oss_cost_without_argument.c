/* OmpSs-2's cost clause needs its expression. */
int x, a[8];

void f(void)
{
#pragma oss task cost
    x++;
}
