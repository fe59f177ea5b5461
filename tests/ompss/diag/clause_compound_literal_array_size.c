/* The size of a compound literal's array must be an integer. */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[((int[1.5]){1, 2})[1]])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
