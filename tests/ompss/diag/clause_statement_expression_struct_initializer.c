/* A variable of a structure type declared in a statement expression: the string goes to
 * the member c[0] (braces elided), a double, which gcc rejects; mcc follows the members of
 * structures declared outside the clause. */
struct g { int n; double c[8]; };
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[({ struct g v = {1, "s"}; v.n; })])
    data[1] += i;
#pragma omp taskwait
    return data[1] - 1;
}
