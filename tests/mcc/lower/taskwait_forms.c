/* taskwait with data: in/out on sections of an array (only the producer of the named
 * bytes is waited for), a 2-D section, noflush, barrier and taskyield as statements. */
#include "ompss_check.h"

static int arr[64], grid[8][8];

int main(void)
{
    int late = 0;
#pragma omp task out(arr[0;16]) shared(late)
    {
        delay(20000);
        late = 1;
    }
#pragma omp task out(arr[16:31])
    {
        delay(1000);
        arr[20] = 4;
    }
#pragma omp taskwait in(arr[20;1])
    CHECK(arr[20] == 4, "taskwait in(arr[20;1]) returned early");
#pragma omp task out(grid[2:3][4;2])
    {
        delay(1000);
        grid[3][5] = 7;
    }
#pragma omp taskwait out(grid[3][5])
    CHECK(grid[3][5] == 7, "taskwait out(grid[3][5]) returned early");
#pragma omp taskyield
#pragma omp taskwait noflush
    CHECK(late == 1, "taskwait noflush did not wait");
    int x = 0;
#pragma omp task shared(x)
    {
        delay(500);
        x = 2;
    }
#pragma omp barrier
    CHECK(x == 2, "barrier did not wait");
    return 0;
}
