/* A typedef in a clause's statement expression names its type: r is a double, no index. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ typedef double real; real r = two; r; })])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
