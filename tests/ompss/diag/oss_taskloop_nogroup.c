/* nogroup is no OmpSs-2 clause (an OmpSs-2 taskloop never waits): an error. */
int x, a[8];

void f(void)
{
#pragma oss taskloop nogroup
    for (int i = 0; i < 8; i++)
        a[i] = i;
}
