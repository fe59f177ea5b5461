/* A clause OmpSs-2 does not have (untied, of OmpSs-1 and OpenMP) is an error on #pragma oss task. */
int x, a[8];

void f(void)
{
#pragma oss task untied
    x++;
}
