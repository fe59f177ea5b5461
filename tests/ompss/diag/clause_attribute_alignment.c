/* aligned() in a type name of a clause needs a constant; i is a variable. */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[sizeof (int __attribute__((aligned(i)))) % 8 + 1])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
