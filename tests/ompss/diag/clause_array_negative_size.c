/* The size of an array in a type name of a clause folds to a negative int (0x7fffffff + 1
 * overflows int, gcc wraps it and rejects the type). */
static int data[8];

int main(void)
{
    int i = 0;
#pragma omp task inout(data[sizeof (char[0x7fffffff + 1]) % 8])
    data[i] += 1;
#pragma omp taskwait
    return data[0] - 1;
}
