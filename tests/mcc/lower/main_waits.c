/* main waits for its tasks before every return: the returned value is written by a slow
 * task, and the return inside the if is lowered too. */
#include "ompss_check.h"

static int status = 1;

int main(int argc, char **argv)
{
    (void)argv;
#pragma omp task
    {
        delay(3000);
        status = 0;
    }
    if (argc > 100)
        return 2;
    return status;
}
