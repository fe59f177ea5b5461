/* `x ?: 1.5` is a double whatever x is (here a statement expression): not an index. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[({ int t = two; t; }) ?: 1.5])
    data[2] += 1;
#pragma omp taskwait
    return data[2] - 1;
}
