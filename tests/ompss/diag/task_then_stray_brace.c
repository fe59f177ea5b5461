/* A stray '}' typed where a task's statement should be: it ends main, the lines after it
 * are no C, and mcc said "expected declaration specifiers" two lines down; the error is
 * said at the pragma, as gcc -fopenmp says it at the '}' ("expected expression"). */
#include <stdio.h>

int main(void)
{
    int x = 0;
#pragma omp task shared(x)
}
    x++;
#pragma omp taskwait
    printf("%d\n", x);
    return 0;
}
