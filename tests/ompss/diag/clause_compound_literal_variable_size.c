/* A compound literal cannot have a variable size (`two` is a variable). */
static int data[8];

int main(void)
{
    int two = 2;
#pragma omp task inout(data[((int[two]){1, 2})[1]])
    data[2] += two;
#pragma omp taskwait
    return data[2] - 2;
}
