/* `c ? p : 0` is a pointer (0 is the null pointer constant): no index. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[two ? &two : 0])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
