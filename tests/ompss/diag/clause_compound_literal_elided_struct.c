/* A string for an element of an array of structures, braces elided: it goes to the
 * member n (an int from a pointer, which gcc 14 rejects and earlier ones warn about), the
 * next string to the member c[0] (a double, which gcc rejects); mcc reports the first. */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[sizeof ((struct g[2]){"ab", "ab"}) % 8])
    data[1] += i + *p;
#pragma omp taskwait
    return data[1] - 2;
}
