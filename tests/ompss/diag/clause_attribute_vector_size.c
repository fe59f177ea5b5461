/* vector_size(12) of ints: 3 components, not a power of two (gcc refuses it). */
static int data[8];

int main(void)
{
    int i = 1;
#pragma omp task inout(data[sizeof (int __attribute__((vector_size(12)))) % 8 + 1])
    data[i] += 1;
#pragma omp taskwait
    return data[1] - 1;
}
