/* _Generic in a dependence: every association's expression is checked (FIRS is not
 * declared). */
enum { FIRST = 1, LAST = 5 };
static int data[8];

int main(void)
{
    int i = 0;
#pragma omp task in(data[_Generic(i, int: FIRS, default: 0)])
    data[0] += i;
#pragma omp taskwait
    return data[0];
}
