/* an assignment to a const variable declared in the clause */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ const int a = 1; a = 2; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
