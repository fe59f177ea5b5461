/* A function task's parameter declared with '[*]' (a VLA of unspecified size, allowed
 * only in prototypes) in a dimension other than the first: the task copies its arguments
 * by the types of the declaration the pragma is on, and this one gives no size for the
 * rows, so mcc asks for it (a first '[*]' alone is taken: tests/ompss/ported/
 * star_prototypes).  gcc reported "'[*]' not allowed in other than function prototype
 * scope" and "has no member named 'a'" on the generated code. */
#pragma omp task inout(a[i0;2][0;2])
void tile(int n, double a[*][*], int i0);
void tile(int n, double a[n][n], int i0)
{
    a[i0][0] += n;
}

int main(void)
{
    double a[4][4] = {{0}};
    tile(4, a, 1);
#pragma omp taskwait
    return a[1][0] == 4 ? 0 : 1;
}
