/* An OpenMP construct spelled with the OmpSs-2 sentinel is no OmpSs-2 directive: an error, never a warning. */
int x, a[8];

void f(void)
{
#pragma oss parallel
    x++;
}
