/* An array of 3 x 0x7fffffffffffffff ints declared in a statement expression of a clause:
 * over PTRDIFF_MAX bytes, gcc rejects the type. */
static int data[8];

int main(void)
{
    int i = 0;
#pragma omp task inout(data[({ int a[3][0x7fffffffffffffff]; (void)a; 0; })])
    data[i] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
