/* After the chained designator [0].n, the next value goes to [0].c[0] (a double, from
 * a string: gcc rejects it); mcc does not follow the position after a chained designator. */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[sizeof ((struct g[2]){[0].n = 1, "ab"}) % 8])
    data[1] += i + *p;
#pragma omp taskwait
    return data[1] - 2;
}
