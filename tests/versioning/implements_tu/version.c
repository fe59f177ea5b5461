/* implements_tu: the second version of fill, in a unit of its own. */
#include "kernels.h"

void fill_unrolled(int *v, int n, int x)
{
    int i = 0;
    for (; i + 1 < n; i += 2) {
        v[i] = x + i;
        v[i + 1] = x + i + 1;
    }
    for (; i < n; i++)
        v[i] = x + i;
}
