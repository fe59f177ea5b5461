/* A statement expression's local has the type it is declared with: a double is no index. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ double d = two; d; })])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
