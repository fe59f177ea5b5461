/* an array of arrays whose inner size is missing */

static int data[8];

int main(void)
{
    int i = 1, *p = &i;
#pragma omp task inout(data[({ int v[3][] ; 0; })])
    data[0] += i + *p;
#pragma omp taskwait
    return data[0] - 1;
}
