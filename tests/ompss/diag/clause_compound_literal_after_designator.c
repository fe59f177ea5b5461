/* After the designator [1], the next value is element [2] (a double, from a pointer:
 * gcc rejects it); mcc follows array positions after a designator. */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[sizeof ((double[3]){[1] = -1, p}) % 8])
    data[1] += i + *p;
#pragma omp taskwait
    return data[1] - 2;
}
