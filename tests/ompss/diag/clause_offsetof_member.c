/* offsetof in a dependence: the member designator must name a member of the struct. */
#include <stddef.h>

struct grid { int n; double cells[8]; };
static char bytes[64];

int main(void)
{
#pragma omp task inout(bytes[offsetof(struct grid, cell)])
    bytes[8] = 1;
#pragma omp taskwait
    return bytes[8] - 1;
}
