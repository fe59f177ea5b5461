/* Values for the rows of an int[2][3], braces elided: p goes to [0][0] (a pointer for
 * an int, which gcc 14 rejects and earlier ones warn about), {} to [0][1] (an empty scalar
 * initializer); mcc follows the first value and reports the pointer. */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[sizeof ((int[2][3]){p, {}, i}) % 8])
    data[1] += i + *p;
#pragma omp taskwait
    return data[1] - 2;
}
