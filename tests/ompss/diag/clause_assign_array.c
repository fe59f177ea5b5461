/* an assignment to an array (a string literal) */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[("s" = 1u, 0)])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
