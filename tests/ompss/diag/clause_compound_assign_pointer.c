/* a pointer multiplied in a compound assignment */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ int *q = p; q *= 2; 0; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
