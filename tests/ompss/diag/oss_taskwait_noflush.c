/* noflush (OmpSs-1) is not a clause of OmpSs-2's taskwait. */
int x, a[8];

void f(void)
{
#pragma oss taskwait noflush
}
