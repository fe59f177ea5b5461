/* A compound literal in a dependence: its initializer list is checked (a missing comma). */
static int data[8];

int main(void)
{
#pragma omp task inout(data[((int[]){1, 2 3})[1]])
    data[2] += 1;
#pragma omp taskwait
    return data[2] - 1;
}
