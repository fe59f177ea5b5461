/* A member designator in the initializer list of a compound literal of ints: '.n' names
 * no member of an array. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[((int[2]){ .n = 1 })[0]])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
