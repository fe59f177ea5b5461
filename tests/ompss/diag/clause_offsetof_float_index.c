/* An index in offsetof's member designator must be an integer (a mutant of the 10-minute
 * campaign, seed 16003). */
#include <stddef.h>
struct g { int n; struct { int a[4]; } in; };
static int data[8];

int main(void)
{
#pragma omp task inout(data[offsetof(struct g, in.a[1e308]) / 4])
    data[1] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
