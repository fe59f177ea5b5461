/* GNU's obsolete `field: value` designators (gcc accepts them), mixed with C99 ones and
 * with a conditional expression whose ':' must not be read as a designator. */
#include <stdio.h>

struct point { int x, y, z; };

int main(void)
{
    int c = 1;
    struct point a = { y: 2, x: 1 };
    struct point b = { z: 9, .x = c ? 3 : 4 };
    struct point d = { c ? 5 : 6, y: 7 };
    printf("%d %d %d\n", a.x, a.y, a.z);
    printf("%d %d %d\n", b.x, b.y, b.z);
    printf("%d %d %d\n", d.x, d.y, d.z);
    return 0;
}
